// Upload grants (UpLoadFileAuths), POST /api/files/upload and GET /files/{key} (docs/accounts.md).
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { POST as upload } from '@/app/api/files/upload/route';
import { GET as serve } from '@/app/files/[...key]/route';
import { resetEnvCache } from '@/lib/server/env';
import { call, ok } from '../support/api-client';
import { createSession } from '@/lib/server/auth/sessions';
import { getDb } from '@/lib/server/db/client';
import { newUser, registerUser } from '../support/accounts';
import { MINUTE, fakeClock } from '../support/clock';
import { S3_CREDENTIALS, startS3 } from '../support/s3';
import { elf, exe, fetchFile, gif, pdf, png, send, withTempFilesDir } from '../support/uploads';
import { tamper } from '../support/tamper';

withTempFilesDir('uploads-');
let token = '';
beforeAll(async () => {
  token = (await registerUser()).token;
});

let clock: ReturnType<typeof fakeClock> | undefined;
afterEach(() => {
  clock?.restore();
  clock = undefined;
});

const newGrant = () => ok('UpLoadFileAuths', { token });

describe('UpLoadFileAuths', () => {
  it('issues a short-lived grant for the user’s own key prefix', async () => {
    const g = await newGrant();
    const me = await ok('GetCurrentUser', { token });
    expect(g).toMatchObject({
      uploadUrl: '/api/files/upload',
      keyPrefix: `u/${me.id}/`,
      allowedTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      maxBytes: 5 * 1024 * 1024,
    });
    const ttl = Date.parse(g.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * MINUTE);
    expect(ttl).toBeLessThanOrEqual(10 * MINUTE);
  });

  it('needs a login', async () => {
    expect((await call('UpLoadFileAuths')).status).toBe(401);
  });
});

describe('upload and serve', () => {
  it('stores a real PNG under the grant’s prefix and serves it with its sniffed type', async () => {
    const g = await newGrant();
    const bytes = png();
    const r = await send(token, g.grant, bytes, 'holiday photo.jpeg', 'image/jpeg');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(1);
    const { key, url } = r.body.data!;
    expect(key.startsWith(g.keyPrefix)).toBe(true);
    expect(key).toMatch(/\.png$/);
    expect(url).toBe(`/files/${key}`);
    const { res, bytes: served } = await fetchFile(key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.equals(bytes)).toBe(true);
  });

  it('lets one grant upload several files until it expires', async () => {
    const g = await newGrant();
    const first = await send(token, g.grant, png());
    const second = await send(token, g.grant, pdf(), 'report.pdf', 'application/pdf');
    expect([first.body.code, second.body.code]).toEqual([1, 1]);
    expect(second.body.data!.key).not.toBe(first.body.data!.key);
    expect((await fetchFile(second.body.data!.url)).res.headers.get('content-type')).toBe('application/pdf');
  });

  it('serves an avatar-to-be image as a public file any cache may keep for an hour', async () => {
    const r = await send(token, (await newGrant()).grant, png());
    const { res } = await fetchFile(r.body.data!.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers 404 for a missing file or a key that tries to leave the store', async () => {
    expect((await fetchFile('u/nobody/none.png')).res.status).toBe(404);
    const res = await serve(new Request('http://localhost/files/x'), {
      params: Promise.resolve({ key: ['..', '..', 'etc', 'passwd'] }),
    });
    expect(res.status).toBe(404);
  });
});

describe('refusals', () => {
  it('refuses an expired grant', async () => {
    clock = fakeClock(Date.now());
    const g = await newGrant();
    clock.advance(10 * MINUTE);
    expect((await send(token, g.grant, png())).body).toMatchObject({
      code: 400,
      msg: 'grant: has expired; request a new upload grant',
    });
  });

  it('refuses a tampered grant', async () => {
    const g = await newGrant();
    const [v, payload, sig] = g.grant.split('.');
    const terms = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const bigger = Buffer.from(JSON.stringify({ ...terms, max: 10 ** 9, kp: 'u/someone-else/' })).toString('base64url');
    const invalid = { code: 400, msg: 'grant: is not a valid upload grant' };
    expect((await send(token, `${v}.${bigger}.${sig}`, png())).body).toMatchObject(invalid);
    expect((await send(token, `${v}.${payload}.${tamper(sig!)}`, png())).body).toMatchObject(invalid);
    expect((await send(token, 'forged', png())).body).toMatchObject(invalid);
  });

  it('refuses an executable named .png, whatever type the browser claims', async () => {
    const g = await newGrant();
    const msg = { code: 400, msg: 'file: must be a JPEG, PNG, WebP image or a PDF document' };
    expect((await send(token, g.grant, exe(), 'cat.png', 'image/png')).body).toMatchObject(msg);
    expect((await send(token, g.grant, elf(), 'cat.png', 'image/png')).body).toMatchObject(msg);
  });

  it('refuses a type outside jpeg/png/webp/pdf', async () => {
    const g = await newGrant();
    expect((await send(token, g.grant, gif(), 'anim.gif', 'image/gif')).body).toMatchObject({
      code: 400,
      msg: 'file: must be a JPEG, PNG, WebP image or a PDF document',
    });
  });

  it('refuses a file over 5 MB', async () => {
    const g = await newGrant();
    const justOver = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024 + 1 - png().length)]);
    expect((await send(token, g.grant, justOver)).body).toMatchObject({ code: 400, msg: 'file: must be at most 5 MB' });
    const wayOver = Buffer.concat([png(), Buffer.alloc(8 * 1024 * 1024)]);
    expect((await send(token, g.grant, wayOver)).body).toMatchObject({ code: 400, msg: 'file: must be at most 5 MB' });
  });

  it('names the missing part of a malformed upload', async () => {
    const g = await newGrant();
    expect((await send(token, null, png())).body).toMatchObject({ code: 400, msg: 'grant: is required' });
    expect((await send(token, g.grant, null)).body).toMatchObject({ code: 400, msg: 'file: is required' });
    expect((await send(token, g.grant, Buffer.alloc(0))).body).toMatchObject({ code: 400, msg: 'file: is empty' });
    const notMultipart = await upload(
      new Request('http://localhost/api/files/upload', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', authorization: token },
      }),
    );
    expect(await notMultipart.json()).toMatchObject({
      code: 400,
      msg: 'body: must be multipart/form-data with `grant` and `file`',
    });
  });
});

describe('S3-compatible storage', () => {
  it('stores uploads in the bucket when FILE_STORAGE=s3 and serves them from there', async () => {
    const s3 = await startS3();
    Object.assign(process.env, {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    });
    resetEnvCache();
    try {
      const g = await newGrant();
      const r = await send(token, g.grant, png());
      expect(r.body.code).toBe(1);
      const key = r.body.data!.key;
      expect(s3.requests.some((q) => q.method === 'PUT' && q.url === `/${s3.bucket}/${key}`)).toBe(true);
      const { res, bytes } = await fetchFile(key);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(bytes.equals(png())).toBe(true);
      expect((await fetchFile(key.replace(/[^/]+$/, 'missing.png'))).res.status).toBe(404);
    } finally {
      for (const k of ['FILE_STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
        delete process.env[k];
      resetEnvCache();
      await s3.close();
    }
  });
});

describe('a grant belongs to the session that asked for it', () => {
  it('needs the login of that session to upload', async () => {
    const u = await newUser('grant-owner');
    const g = await ok('UpLoadFileAuths', { token: u.token });
    const noLogin = await send(null, g.grant, png());
    expect(noLogin.status).toBe(401);
    expect(noLogin.body).toMatchObject({ code: 401 });
    const otherSession = await createSession(await getDb(), u.id, {});
    const mallory = await newUser('mallory');
    const refusal = { code: 400, msg: 'grant: was issued to another login; request a new upload grant' };
    expect((await send(otherSession.token, g.grant, png())).body).toMatchObject(refusal);
    expect((await send(mallory.token, g.grant, png())).body).toMatchObject(refusal);
    expect((await send(u.token, g.grant, png())).body.code).toBe(1);
    // Logging out ends the grant with the session.
    await ok('Logout', { token: u.token });
    expect((await send(u.token, g.grant, png())).status).toBe(401);
  });

  it('stores at most ten files with a general grant', async () => {
    const g = await newGrant();
    expect(g.maxFiles).toBe(10);
    for (let i = 0; i < 10; i++) expect((await send(token, g.grant, png(i))).body.code).toBe(1);
    expect((await send(token, g.grant, png(10))).body).toMatchObject({
      code: 400,
      msg: 'grant: allows at most 10 files; remove one or request a new upload grant',
    });
  });

  it('holds its file count against uploads sent all at once', async () => {
    const g = await ok('UpLoadFileAuths', { token, query: { purpose: 'feedback' } });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(token, g.grant, png(100 + i))));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(6);
    expect(answers.filter((a) => a.body.code === 400)).toHaveLength(4);
  });
});

describe('private files', () => {
  it('serves a feedback image only through the signed URL its owner was given, privately', async () => {
    clock = fakeClock(Date.now());
    const g = await ok('UpLoadFileAuths', { token, query: { purpose: 'feedback' } });
    const { key, url } = (await send(token, g.grant, png(7))).body.data!;
    expect(url).toMatch(new RegExp(`^/files/${key}\\?e=\\d+&s=[\\w-]+$`));
    expect((await fetchFile(key)).res.status).toBe(404);

    const { res, bytes } = await fetchFile(url);
    expect(res.status).toBe(200);
    expect(bytes.equals(png(7))).toBe(true);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(10 * 60);
    expect(maxAge).toBeLessThanOrEqual(15 * 60);

    const signed = new URL(url, 'http://localhost');
    const forged = `${signed.pathname}?e=${Number(signed.searchParams.get('e')) + 3_600_000}&s=${signed.searchParams.get('s')}`;
    expect((await fetchFile(forged)).res.status).toBe(404);
    const other = (await send(token, g.grant, png(8))).body.data!;
    expect((await fetchFile(`/files/${other.key}${signed.search}`)).res.status).toBe(404);

    clock.advance(maxAge * 1000);
    expect((await fetchFile(url)).res.status).toBe(404);
  });

  it('makes a PDF download as an attachment, never open in the site’s origin', async () => {
    const r = await send(token, (await newGrant()).grant, pdf(), 'report.pdf', 'application/pdf');
    const { key, url } = r.body.data!;
    expect((await fetchFile(key)).res.status).toBe(404);
    const { res } = await fetchFile(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${key.split('/').at(-1)}"`);
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });
});

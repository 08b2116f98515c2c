// Upload grants (UpLoadFileAuths), POST /api/files/upload and GET /files/{key} (docs/accounts.md).
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { POST as upload } from '@/app/api/files/upload/route';
import { GET as serve } from '@/app/files/[...key]/route';
import { resetEnvCache } from '@/lib/server/env';
import { call, ok } from '../support/api-client';
import { registerUser } from '../support/accounts';
import { MINUTE, fakeClock } from '../support/clock';
import { S3_CREDENTIALS, startS3 } from '../support/s3';
import { elf, exe, fetchFile, gif, pdf, png, send, withTempFilesDir } from '../support/uploads';

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
    const r = await send(g.grant, bytes, 'holiday photo.jpeg', 'image/jpeg');
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
    const first = await send(g.grant, png());
    const second = await send(g.grant, pdf(), 'report.pdf', 'application/pdf');
    expect([first.body.code, second.body.code]).toEqual([1, 1]);
    expect(second.body.data!.key).not.toBe(first.body.data!.key);
    expect((await fetchFile(second.body.data!.key)).res.headers.get('content-type')).toBe('application/pdf');
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
    expect((await send(g.grant, png())).body).toMatchObject({
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
    expect((await send(`${v}.${bigger}.${sig}`, png())).body).toMatchObject(invalid);
    expect((await send(`${v}.${payload}.${sig!.slice(0, -2)}AA`, png())).body).toMatchObject(invalid);
    expect((await send('forged', png())).body).toMatchObject(invalid);
  });

  it('refuses an executable named .png, whatever type the browser claims', async () => {
    const g = await newGrant();
    const msg = { code: 400, msg: 'file: must be a JPEG, PNG, WebP image or a PDF document' };
    expect((await send(g.grant, exe(), 'cat.png', 'image/png')).body).toMatchObject(msg);
    expect((await send(g.grant, elf(), 'cat.png', 'image/png')).body).toMatchObject(msg);
  });

  it('refuses a type outside jpeg/png/webp/pdf', async () => {
    const g = await newGrant();
    expect((await send(g.grant, gif(), 'anim.gif', 'image/gif')).body).toMatchObject({
      code: 400,
      msg: 'file: must be a JPEG, PNG, WebP image or a PDF document',
    });
  });

  it('refuses a file over 5 MB', async () => {
    const g = await newGrant();
    const justOver = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024 + 1 - png().length)]);
    expect((await send(g.grant, justOver)).body).toMatchObject({ code: 400, msg: 'file: must be at most 5 MB' });
    const wayOver = Buffer.concat([png(), Buffer.alloc(8 * 1024 * 1024)]);
    expect((await send(g.grant, wayOver)).body).toMatchObject({ code: 400, msg: 'file: must be at most 5 MB' });
  });

  it('names the missing part of a malformed upload', async () => {
    const g = await newGrant();
    expect((await send(null, png())).body).toMatchObject({ code: 400, msg: 'grant: is required' });
    expect((await send(g.grant, null)).body).toMatchObject({ code: 400, msg: 'file: is required' });
    expect((await send(g.grant, Buffer.alloc(0))).body).toMatchObject({ code: 400, msg: 'file: is empty' });
    const notMultipart = await upload(
      new Request('http://localhost/api/files/upload', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
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
      const r = await send(g.grant, png());
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

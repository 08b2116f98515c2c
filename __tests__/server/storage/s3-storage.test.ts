// The S3 file store against a real S3-compatible server (s3rver) started in this process.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { S3Storage } from '@/lib/server/adapters/storage/s3';
import { S3_CREDENTIALS, S3_REGION, type S3TestServer, startS3 } from '../../support/s3';
import { png } from '../../support/png';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.close());

const storage = (over: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: S3_REGION,
    ...S3_CREDENTIALS,
    forcePathStyle: true,
    ...over,
  });

describe('S3 storage', () => {
  it('stores bytes and gives them back with the type they were stored as', async () => {
    const bytes = new Uint8Array(png());
    await storage().put('avatars/u1/a.png', bytes, 'image/png');
    const got = await storage().get('avatars/u1/a.png');
    expect(got?.contentType).toBe('image/png');
    expect(Buffer.from(got!.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('keeps a content type with parameters', async () => {
    await storage().put('seo/news.json', new TextEncoder().encode('{"a":1}'), 'application/json; charset=utf-8');
    const got = await storage().get('seo/news.json');
    expect(got?.contentType).toBe('application/json; charset=utf-8');
    expect(new TextDecoder().decode(got!.bytes)).toBe('{"a":1}');
  });

  it('replaces an object written again under the same key', async () => {
    await storage().put('seo/again.json', new TextEncoder().encode('old'), 'application/json');
    await storage().put('seo/again.json', new TextEncoder().encode('new'), 'application/json');
    expect(new TextDecoder().decode((await storage().get('seo/again.json'))!.bytes)).toBe('new');
  });

  it('answers null for a key that was never stored, and for a key that is not a valid key', async () => {
    expect(await storage().get('avatars/nobody/none.png')).toBeNull();
    expect(await storage().get('../etc/passwd')).toBeNull();
  });

  it('refuses to write under an invalid key without calling the store', async () => {
    const before = s3.requests.length;
    await expect(storage().put('a/../b.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/invalid storage key/);
    expect(s3.requests.length).toBe(before);
  });

  it('signs every request: the store refuses a wrong secret, and the error names the key and status', async () => {
    const wrong = storage({ secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('avatars/u1/b.png', new Uint8Array(png()), 'image/png')).rejects.toThrow(
      'S3 PUT avatars/u1/b.png answered HTTP 403',
    );
    await expect(wrong.get('avatars/u1/a.png')).rejects.toThrow('S3 GET avatars/u1/a.png answered HTTP 403');
    expect(await storage().get('avatars/u1/b.png')).toBeNull();
  });

  it('signs the body hash, so the store can tell when bytes were changed on the way', async () => {
    await storage().put('avatars/u1/c.png', new Uint8Array(png()), 'image/png');
    const put = s3.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(put.headers.authorization).toMatch(/SignedHeaders=[^,]*x-amz-content-sha256/);
  });

  it('addresses the bucket by path, or by host name when path style is off', () => {
    expect(storage().urlOf('a/b.png').href).toBe(`${s3.endpoint}/portal/a/b.png`);
    const vhost = storage({ endpoint: 'https://s3.example.com/base/', forcePathStyle: false });
    expect(vhost.urlOf('a/b.png').href).toBe('https://portal.s3.example.com/base/a/b.png');
  });
});

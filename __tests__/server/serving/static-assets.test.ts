// Build assets answered from memory by the server (server/static-assets.ts).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as sa from '@/server/static-assets';

let dist: string;
const SCRIPT = `self.chunk = ${JSON.stringify('x'.repeat(4000))};\n`;

/** Just enough of http.ServerResponse for serve(). */
function fakeRes() {
  return {
    status: 0,
    headers: {} as Record<string, string>,
    body: undefined as Buffer | undefined,
    writeHead(code: number, h: Record<string, string>) {
      this.status = code;
      this.headers = Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
      return this;
    },
    end(b?: Buffer) {
      this.body = b;
      return this;
    },
  };
}

function get(
  assets: InstanceType<typeof sa.StaticAssets>,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  const res = fakeRes();
  const handled = assets.serve({ method, url, headers }, res as never);
  return { handled, ...res };
}

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  writeFileSync(path.join(dist, 'static', 'chunks', 'app.js'), SCRIPT);
  writeFileSync(path.join(dist, 'static', 'chunks', 'small.css'), '.a{color:red}');
  writeFileSync(path.join(dist, 'secret.txt'), 'not an asset');
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('StaticAssets', () => {
  it('sends a build asset gzipped, immutable and typed, and the same bytes unencoded to clients without gzip', () => {
    const assets = new sa.StaticAssets(dist);
    const gz = get(assets, '/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.handled).toBe(true);
    expect(gz.status).toBe(200);
    expect(gz.headers).toMatchObject({
      'content-type': 'application/javascript; charset=UTF-8',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    expect(zlib.gunzipSync(gz.body!).toString()).toBe(SCRIPT);
    expect(gz.headers['content-length']).toBe(String(gz.body!.length));

    const plain = get(assets, '/_next/static/chunks/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body!.toString()).toBe(SCRIPT);
  });

  it('prefers a Brotli copy the build left beside the file, but only one written after it', () => {
    const file = path.join(dist, 'static', 'chunks', 'app.js');
    writeFileSync(file + '.br', zlib.brotliCompressSync(SCRIPT));
    const br = get(new sa.StaticAssets(dist), '/_next/static/chunks/app.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body!).toString()).toBe(SCRIPT);

    const past = new Date(Date.now() - 60_000);
    utimesSync(file + '.br', past, past);
    const stale = get(new sa.StaticAssets(dist), '/_next/static/chunks/app.js', { 'accept-encoding': 'br, gzip' });
    expect(stale.headers['content-encoding']).toBe('gzip');
  });

  it('answers a revalidation with 304 and sends tiny files as they are', () => {
    const assets = new sa.StaticAssets(dist);
    const first = get(assets, '/_next/static/chunks/small.css', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['content-type']).toBe('text/css; charset=UTF-8');
    const again = get(assets, '/_next/static/chunks/small.css', { 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(get(assets, '/_next/static/chunks/small.css', {}, 'HEAD').body).toBeUndefined();
  });

  it('leaves everything else to Next: other paths and methods, missing files, paths leaving the folder', () => {
    const assets = new sa.StaticAssets(dist);
    for (const url of [
      '/favicon.svg',
      '/_next/image?url=%2Fa.png&w=64&q=75',
      '/_next/static/chunks/missing.js',
      '/_next/static/../secret.txt',
      '/_next/static/%2e%2e/secret.txt',
      '/_next/static/chunks/',
    ]) {
      expect(get(assets, url).handled).toBe(false);
    }
    expect(get(assets, '/_next/static/chunks/app.js', {}, 'POST').handled).toBe(false);
  });
});

describe('pickEncoding', () => {
  it('honours the client’s list and q=0 refusals', () => {
    expect(sa.pickEncoding('gzip, deflate, br')).toBe('br');
    expect(sa.pickEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(sa.pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(sa.pickEncoding('identity')).toBe('identity');
    expect(sa.pickEncoding(undefined)).toBe('identity');
  });
});

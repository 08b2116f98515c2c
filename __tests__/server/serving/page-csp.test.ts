// server/page-csp.ts: a page from a cache gets hashes of its inline scripts instead of the
// rendering request's nonce, so scripts keep running and the whole-response cache keeps working.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import * as csp from '@/server/page-csp';
import * as rc from '@/server/response-cache';

const POLICY =
  "default-src 'self'; script-src 'self' 'nonce-Zm9vYmFyYmF6cXV4MTIzNA==' 'strict-dynamic'; frame-ancestors 'none'";
const INLINE = ['self.__next_f.push([1,"a"])', '(self.__next_s=self.__next_s||[]).push(0)'];
const HTML = `<!doctype html><html><head><script src="/_next/static/chunks/main.js" nonce="old" async></script></head><body>${INLINE.map((s) => `<script nonce="old">${s}</script>`).join('')}<script type="application/ld+json">{"a":1}</script></body></html>`;
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

type Send = (res: ServerResponse) => void;

/** Wraps write/end after install(), as Next's compression does inside its handler. */
function compressLater(res: ServerResponse) {
  const write = res.write as (this: ServerResponse, chunk: Buffer) => boolean;
  const end = res.end as (this: ServerResponse, chunk: Buffer) => ServerResponse;
  const chunks: Buffer[] = [];
  let started = false;
  res.write = ((c: string | Buffer) => {
    chunks.push(Buffer.from(c));
    // Like a compression stream, it sets its encoding and passes something on before the last chunk has come.
    if (!started) {
      res.setHeader('content-encoding', 'gzip');
      write.call(res, Buffer.alloc(0));
    }
    started = true;
    return true;
  }) as typeof res.write;
  res.end = ((c?: string | Buffer) => {
    if (c) chunks.push(Buffer.from(c));
    const gz = gzipSync(Buffer.concat(chunks));
    write.call(res, gz.subarray(0, 5));
    return end.call(res, gz.subarray(5));
  }) as typeof res.end;
}
let server: Server;
let base = '';
const routes = new Map<string, Send>();
const cache = new rc.ResponseCache();

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/cached-twice') {
      const key = rc.keyOf(req)!;
      if (rc.serve(cache, key, req, res)) return;
      rc.capture(cache, key, res);
    }
    csp.install(res);
    if (req.url!.endsWith('-compressed')) compressLater(res);
    routes.get(req.url!.replace('-twice', '').replace('-compressed', ''))!(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const page =
  (extra: Record<string, string>, body: Buffer | string = HTML): Send =>
  (res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', POLICY);
    for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
    res.write(typeof body === 'string' ? body.slice(0, 40) : body.subarray(0, 10));
    res.end(typeof body === 'string' ? body.slice(40) : body.subarray(10));
  };

describe('page CSP of cached pages', () => {
  it('finds the inline scripts (not external ones, not JSON-LD is harmless) and hashes them', () => {
    const hashes = csp.inlineScriptHashes(HTML);
    expect(hashes).toEqual(expect.arrayContaining(INLINE.map(sha)));
    expect(hashes).toHaveLength(3);
  });

  it('replaces the nonce and strict-dynamic of a cached page by the hashes, the rest as it was', async () => {
    routes.set('/cached', page({ 'x-nextjs-cache': 'HIT', 'cache-control': 's-maxage=60' }));
    const r = await fetch(base + '/cached');
    const policy = r.headers.get('content-security-policy')!;
    expect(await r.text()).toBe(HTML);
    expect(policy).not.toContain('nonce-');
    expect(policy).not.toContain('strict-dynamic');
    for (const s of INLINE) expect(policy).toContain(sha(s));
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('reads a gzipped page to hash it, and sends the same bytes', async () => {
    const gz = gzipSync(HTML);
    routes.set('/gzipped', page({ 'x-nextjs-cache': 'STALE', 'content-encoding': 'gzip' }, gz));
    const r = await fetch(base + '/gzipped');
    expect(await r.text()).toBe(HTML);
    for (const s of INLINE) expect(r.headers.get('content-security-policy')).toContain(sha(s));
  });

  it('leaves a freshly rendered dynamic page with its own nonce', async () => {
    routes.set('/dynamic', page({ 'cache-control': 'private, no-store' }));
    const r = await fetch(base + '/dynamic');
    expect(r.headers.get('content-security-policy')).toBe(POLICY);
    expect(await r.text()).toBe(HTML);
  });

  it('keeps working under a compression wrapper installed after it, cached page or not', async () => {
    routes.set('/dynamic', page({ 'cache-control': 'private, no-store' }));
    routes.set('/cached', page({ 'x-nextjs-cache': 'HIT', 'cache-control': 's-maxage=60' }));
    const dynamic = await fetch(base + '/dynamic-compressed');
    expect(await dynamic.text()).toBe(HTML);
    expect(dynamic.headers.get('content-security-policy')).toBe(POLICY);
    const cached = await fetch(base + '/cached-compressed');
    expect(await cached.text()).toBe(HTML);
    expect(cached.headers.get('content-security-policy')).toContain(sha(INLINE[1]!));
  });

  it('sends no policy with a 304, so the browser keeps the one that matches the page it kept', async () => {
    // Next answers a revalidation (If-None-Match) with 304 and this request's fresh nonce; as
    // the stored policy's replacement it would block every script of the stored page.
    routes.set('/not-modified', (res) => {
      res.setHeader('content-security-policy', POLICY);
      res.setHeader('x-nextjs-cache', 'HIT');
      res.statusCode = 304;
      res.end();
    });
    routes.set('/not-modified-head', (res) => {
      res.writeHead(304, { 'Content-Security-Policy': POLICY, etag: '"a"' });
      res.end();
    });
    for (const path of ['/not-modified', '/not-modified-head']) {
      const r = await fetch(base + path);
      expect(r.status).toBe(304);
      expect(r.headers.get('content-security-policy')).toBeNull();
    }
  });

  it('stores the rewritten policy in the whole-response cache, which replays it', async () => {
    routes.set('/cached', page({ 'x-nextjs-cache': 'MISS', 'cache-control': 's-maxage=60' }));
    const first = await fetch(base + '/cached-twice');
    const second = await fetch(base + '/cached-twice');
    expect(second.headers.get('x-response-cache')).toBe('HIT');
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(second.headers.get('content-security-policy')).toContain(sha(INLINE[0]!));
    expect(await second.text()).toBe(HTML);
  });
});

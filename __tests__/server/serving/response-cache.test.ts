// The whole-response cache of the server (server/response-cache.ts).
import { EventEmitter } from 'node:events';
import * as rc from '@/server/response-cache';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)';
const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({
  method,
  url,
  headers: { 'user-agent': IPHONE, ...headers },
});

/** Just enough of http.ServerResponse for capture(). */
function fakeRes() {
  const headers: Record<string, string> = {};
  const events = new EventEmitter();
  const res = Object.assign(events, {
    statusCode: 200,
    sent: [] as string[],
    setHeader: (k: string, v: string) => void (headers[k.toLowerCase()] = v),
    getHeaders: () => ({ ...headers }),
    writeHead(code: number, h?: Record<string, string>) {
      this.statusCode = code;
      Object.entries(h ?? {}).forEach(([k, v]) => (headers[k.toLowerCase()] = v));
      return this;
    },
    write(chunk: string) {
      this.sent.push(chunk);
      return true;
    },
    end(chunk?: string) {
      if (chunk) this.sent.push(chunk);
      events.emit('finish');
      return this;
    },
  });
  return res;
}

const PAGE = { 'x-nextjs-cache': 'HIT', 'cache-control': 's-maxage=31536000', 'content-type': 'text/html' };

describe('keyOf', () => {
  it('keys GET pages on URL and every header the page varies on', () => {
    const a = rc.keyOf(req('/regard/journalism', { 'accept-language': 'en', cookie: 'locale=zh-CN; _ga=1' }));
    expect(a).toBe(rc.keyOf(req('/regard/journalism', { 'accept-language': 'en', cookie: '_ga=2; locale=zh-CN' })));
    expect(a).not.toBe(rc.keyOf(req('/regard/journalism', { 'accept-language': 'en', cookie: 'locale=en' })));
    expect(a).not.toBe(
      rc.keyOf(req('/regard/journalism', { 'accept-language': 'en', cookie: 'locale=zh-CN', 'user-agent': 'Desktop' })),
    );
  });

  it('leaves client navigations, other methods and preview requests to Next', () => {
    expect(rc.keyOf(req('/x', {}, 'POST'))).toBeNull();
    expect(rc.keyOf(req('/x?_rsc=abc'))).toBeNull();
    expect(rc.keyOf(req('/x', { rsc: '1' }))).toBeNull();
    expect(rc.keyOf(req('/x', { 'next-router-prefetch': '1' }))).toBeNull();
    expect(rc.keyOf(req('/x', { cookie: '__prerender_bypass=1' }))).toBeNull();
  });
});

describe('ttlOf', () => {
  it('keeps only fresh cached 200 pages, for their s-maxage (at most an hour)', () => {
    expect(rc.ttlOf(200, PAGE)).toBe(3600);
    expect(rc.ttlOf(200, { ...PAGE, 'cache-control': 's-maxage=300, stale-while-revalidate=31535700' })).toBe(300);
    expect(rc.ttlOf(200, { ...PAGE, 'x-nextjs-cache': 'STALE' })).toBe(0);
    expect(rc.ttlOf(404, PAGE)).toBe(0);
    expect(rc.ttlOf(200, { ...PAGE, 'set-cookie': 'a=b' })).toBe(0);
    expect(rc.ttlOf(200, { 'cache-control': 'private, no-cache, no-store' })).toBe(0);
    expect(rc.ttlOf(200, { 'cache-control': 's-maxage=60' })).toBe(0);
  });
});

describe('capture and serve', () => {
  it('stores a qualifying response and answers the next identical request from it', () => {
    const cache = new rc.ResponseCache();
    const key = rc.keyOf(req('/a'))!;
    const res = fakeRes();
    rc.capture(cache, key, res as never);
    Object.entries(PAGE).forEach(([k, v]) => res.setHeader(k, v));
    res.writeHead(200);
    res.write('<html>');
    res.end('</html>');
    const out = fakeRes();
    expect(rc.serve(cache, key, req('/a') as never, out as never)).toBe(true);
    expect(out.sent.join('')).toBe('<html></html>');
    expect(out.getHeaders()).toMatchObject({ 'x-response-cache': 'HIT', 'content-length': '13' });
  });

  it('does not store a response that began before the cache was emptied', () => {
    const cache = new rc.ResponseCache();
    const key = rc.keyOf(req('/a'))!;
    const res = fakeRes();
    rc.capture(cache, key, res as never);
    Object.entries(PAGE).forEach(([k, v]) => res.setHeader(k, v));
    cache.clear(); // a content change while the page was rendering
    res.end('old');
    expect(rc.serve(cache, key, req('/a') as never, fakeRes() as never)).toBe(false);
  });

  it('expires entries and evicts the least recently used beyond its size', () => {
    const cache = new rc.ResponseCache({ maxBytes: 30, maxEntries: 100 });
    const entry = (n: number, expires = Infinity) => ({ status: 200, headers: {}, body: Buffer.alloc(n), expires });
    cache.set('a', entry(3));
    cache.set('b', entry(3));
    cache.set('c', entry(3, 5));
    expect(cache.get('c', 10)).toBeNull();
    cache.get('a');
    for (const k of ['d', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']) cache.set(k, entry(3));
    expect(cache.get('b')).toBeNull(); // least recently used went first
    expect(cache.get('a')).not.toBeNull();
  });
});

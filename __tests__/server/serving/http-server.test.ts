// The request path of the production server (server/http-server.ts) in front of a stand-in for
// Next's handler: what reaches Next, what the whole-response cache answers, and when a cache tag
// expired here or on another instance sends the next view to Next again.
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestDone, ServerHooks } from '@/lib/server/fleet/server-hooks';
import { requestListener } from '@/server/http-server';
import { TAG_READ_INTERVAL_MS, TagStore, type TagRow } from '@/server/page-cache/tag-store';

const hooks = (done: RequestDone[] = []): ServerHooks => ({
  config: {
    responseCache: true,
    staticAssets: false,
    distDir: '/nowhere',
    shutdownDrainMs: 0,
    shutdownTimeoutMs: 0,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 60_000,
  },
  clientTimedOut: () => {},
  requestId: () => '00000000-0000-4000-8000-000000000000',
  refuseEarly: () => null,
  databaseDown: () => false,
  unavailable: () => false,
  guardPage: () => {},
  ops: () => false,
  countInFlight: () => {},
  requestDone: (d) => void done.push(d),
  log: () => {},
  close: async () => {},
});

/** Next, as far as the server sees it: a cached page (rendered once per call), and an API answer. */
function fakeNext() {
  const calls: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    calls.push(req.url!);
    if (req.url!.startsWith('/api/')) {
      res.setHeader('x-content-encoding', 'gzip');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
      return;
    }
    res.setHeader('vary', 'rsc, Accept-Encoding');
    res.setHeader('x-page-vary', 'User-Agent, Accept-Language');
    res.setHeader('x-nextjs-cache', calls.length === 1 ? 'MISS' : 'HIT');
    res.setHeader('cache-control', 's-maxage=300, stale-while-revalidate');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<html><body>render ${calls.length}</body></html>`);
  };
  return { calls, handle };
}

let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void) {
  server = createServer(listener);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string, init?: RequestInit) => {
    const res = await fetch(base + path, init);
    return { res, text: await res.text() };
  };
}

describe('the production server', () => {
  it('answers a cached page from memory until a cache tag expires, then asks Next again', async () => {
    const next = fakeNext();
    const tags = new TagStore(null);
    const get = await listen(requestListener(next.handle, hooks(), tags).listener);
    expect((await get('/en/news')).text).toContain('render 1');
    const second = await get('/en/news');
    expect(second.text).toContain('render 1');
    expect(second.res.headers.get('x-response-cache')).toBe('HIT');
    expect(next.calls).toEqual(['/en/news']);

    await tags.expire(['_N_T_/[locale]/(desktop)/regard/journalism/layout']);
    expect((await get('/en/news')).text).toContain('render 2');
    expect(next.calls).toHaveLength(2);
  });

  it("reads another instance's expiries before serving a page, at most once an interval", async () => {
    const rows: TagRow[] = [];
    let reads = 0;
    const clock = { now: 1_000_000 };
    const tags = new TagStore(
      {
        expire: async () => [],
        changedSince: async (since) => {
          reads++;
          return rows.filter((r) => !since || r.updatedAt > since);
        },
      },
      { now: () => clock.now },
    );
    const next = fakeNext();
    const get = await listen(requestListener(next.handle, hooks(), tags).listener);
    await get('/en/docs');
    await get('/en/docs');
    expect([reads, next.calls.length]).toEqual([1, 1]);
    // Another instance expires a tag; this one learns it with its next read, an interval later.
    rows.push({ tag: '_N_T_/[locale]/(desktop)/documents/layout', version: 1, updatedAt: new Date() });
    expect((await get('/en/docs')).res.headers.get('x-response-cache')).toBe('HIT');
    clock.now += TAG_READ_INTERVAL_MS;
    expect((await get('/en/docs')).text).toContain('render 2');
    expect(reads).toBe(2);
  });

  it("restores the Vary list proxy.ts asked for and the API answer's Content-Encoding", async () => {
    const next = fakeNext();
    const get = await listen(requestListener(next.handle, hooks(), new TagStore(null)).listener);
    const page = await get('/en/news');
    expect(page.res.headers.get('vary')).toBe('rsc, Accept-Encoding, User-Agent, Accept-Language');
    expect(page.res.headers.get('x-page-vary')).toBeNull();
    const api = await fetch(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/x`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(api.headers.get('content-encoding')).toBe('gzip');
    expect(api.headers.get('x-content-encoding')).toBeNull();
  });

  it('refuses TRACE with the envelope and logs every request with how the caches answered', async () => {
    const done: RequestDone[] = [];
    const next = fakeNext();
    const get = await listen(requestListener(next.handle, hooks(done), new TagStore(null)).listener);
    // fetch() will not send TRACE.
    const trace = await new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>(
      (resolve) => {
        const port = (server!.address() as AddressInfo).port;
        request({ port, host: '127.0.0.1', path: '/en/news', method: 'TRACE' }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        }).end();
      },
    );
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toEqual({ code: 405, msg: 'method: TRACE is not allowed' });
    expect(trace.headers['x-content-type-options']).toBe('nosniff');
    await get('/en/news');
    await get('/en/news');
    await new Promise((r) => setTimeout(r, 20));
    expect(done.map((d) => [d.method, d.status, d.cache])).toEqual([
      ['TRACE', 405, null],
      ['GET', 200, 'next-miss'],
      ['GET', 200, 'response'],
    ]);
    expect(next.calls).toEqual(['/en/news']);
  });

  it('answers a refusal the hook decides after a read itself, and hands the rest to Next', async () => {
    const next = fakeNext();
    const refused = { status: 429, body: '{"code":429,"msg":"busy"}' };
    const h = {
      ...hooks(),
      refuseEarly: (req: IncomingMessage) =>
        req.url === '/api/refused' ? Promise.resolve(refused) : req.url === '/en/asked' ? Promise.resolve(null) : null,
    };
    const get = await listen(requestListener(next.handle, h, new TagStore(null)).listener);
    const no = await get('/api/refused', { method: 'POST', body: '{"phone":"13800000001"}' });
    expect(no.res.status).toBe(429);
    expect(no.text).toBe(refused.body);
    expect(no.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(no.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await get('/en/asked')).text).toContain('render 1');
    expect((await get('/en/other')).text).toContain('render 2');
    expect(next.calls).toEqual(['/en/asked', '/en/other']);
  });
});

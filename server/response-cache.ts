// An in-process cache of whole page responses in front of Next's handler
// (docs/decisions/page-cache-and-server.md). Next already serves cached pages without rendering
// or touching the database, but each hit still runs its full request pipeline (routing, the
// proxy, cache lookup), which costs several times a static file. This keeps the bytes of
// responses Next itself marked as cached, for as long as Next says they are fresh:
// - only GET page responses with `x-nextjs-cache: HIT|MISS`, status 200, a public `s-maxage` and
//   no Set-Cookie; never client-navigation (RSC) requests;
// - keyed like a shared cache honouring the page's `Vary` (URL, User-Agent, Sec-CH-UA-Mobile,
//   Accept-Language, the `locale` cookie) plus Accept-Encoding;
// - kept for `s-maxage` (at most an hour), and emptied whenever a cache tag expires here or on
//   another instance (page-cache/tag-store.ts), so a content change shows on the next view exactly
//   as with Next's cache alone.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

const MAX_TTL_S = 3600;
const NAV_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
  'range',
];

type Headers = OutgoingHttpHeaders;
export type Entry = { status: number; headers: Headers; body: Buffer; expires: number };
type Request = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

/** The cache key of a request, or null when its response must not come from this cache. */
export function keyOf(req: Request): string | null {
  if (req.method !== 'GET') return null;
  const url = req.url || '';
  if (url.includes('_rsc=')) return null;
  const h = req.headers;
  if (NAV_HEADERS.some((n) => h[n] !== undefined)) return null;
  const cookie = h.cookie || '';
  if (/(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/.test(cookie)) return null;
  const locale = (/(?:^|;\s*)locale=([^;]*)/.exec(cookie) || [])[1] || '';
  return [
    url,
    h['user-agent'] || '',
    h['sec-ch-ua-mobile'] || '',
    h['accept-language'] || '',
    h['accept-encoding'] || '',
    locale,
  ].join('\n');
}

/** Seconds a finished response may be served from this cache (0: not at all). */
export function ttlOf(status: number, headers: Headers): number {
  if (status !== 200 || headers['set-cookie'] !== undefined) return 0;
  const state = String(headers['x-nextjs-cache'] || '').toUpperCase();
  if (state !== 'HIT' && state !== 'MISS') return 0;
  const cc = String(headers['cache-control'] || '');
  if (/no-store|no-cache|private/i.test(cc)) return 0;
  const m = /s-maxage=(\d+)/i.exec(cc);
  return m ? Math.min(Number(m[1]), MAX_TTL_S) : 0;
}

export class ResponseCache {
  enabled = true;
  /** Bumped by clear(): a response that started before a content change is not stored after it. */
  generation = 0;
  private readonly map = new Map<string, Entry>();
  private bytes = 0;

  private readonly maxBytes: number;
  private readonly maxEntries: number;

  constructor({ maxBytes = 64 * 1024 * 1024, maxEntries = 2000 } = {}) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries;
  }

  get(key: string, now = Date.now()): Entry | null {
    const e = this.map.get(key);
    if (!e) return null;
    if (e.expires <= now) {
      this.delete(key);
      return null;
    }
    // Map order is the LRU order: a hit moves to the end.
    this.map.delete(key);
    this.map.set(key, e);
    return e;
  }

  set(key: string, entry: Entry) {
    if (!this.enabled || entry.body.length > this.maxBytes / 8) return;
    this.delete(key);
    this.map.set(key, entry);
    this.bytes += entry.body.length;
    while (this.bytes > this.maxBytes || this.map.size > this.maxEntries) this.delete(this.map.keys().next().value!);
  }

  delete(key: string) {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.bytes -= e.body.length;
  }

  clear() {
    this.map.clear();
    this.bytes = 0;
    this.generation++;
  }
}

const lower = (obj: Headers | undefined): Headers =>
  Object.fromEntries(Object.entries(obj || {}).map(([k, v]) => [k.toLowerCase(), v]));

type Chunk = string | Buffer | Uint8Array;
type Callback = (err?: Error | null) => void;

/** Records what `res` sends and stores it under `key` if the finished response qualifies. */
export function capture(cache: ResponseCache, key: string, res: ServerResponse, now = () => Date.now()) {
  const chunks: Buffer[] = [];
  const generation = cache.generation;
  let headers: Headers | null = null;
  let status = 200;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
    const out = (writeHead as (...a: unknown[]) => ServerResponse).call(this, code, ...rest);
    status = code;
    const argHeaders = rest.find((r) => r && typeof r === 'object') as Headers | unknown[] | undefined;
    headers = { ...res.getHeaders(), ...lower(Array.isArray(argHeaders) ? undefined : argHeaders) };
    return out;
  } as ServerResponse['writeHead'];
  const push = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
    );
  };
  const write = res.write;
  res.write = function (this: ServerResponse, chunk: Chunk, encoding?: unknown, cb?: Callback) {
    push(chunk, encoding);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, encoding, cb);
  } as ServerResponse['write'];
  const end = res.end;
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, cb?: Callback) {
    push(chunk, encoding);
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, encoding, cb);
  } as ServerResponse['end'];
  res.once('finish', () => {
    const h = headers || res.getHeaders();
    const ttl = ttlOf(headers ? status : res.statusCode, h);
    if (!ttl || cache.generation !== generation) return;
    const stored: Headers = { ...h };
    delete stored.date;
    delete stored['transfer-encoding'];
    delete stored.connection;
    delete stored['keep-alive'];
    const body = Buffer.concat(chunks);
    stored['content-length'] = String(body.length);
    cache.set(key, { status: 200, headers: stored, body, expires: now() + ttl * 1000 });
  });
}

/** Answers from the cache; false when there is nothing fresh for this key. */
export function serve(cache: ResponseCache, key: string, req: Pick<IncomingMessage, 'method'>, res: ServerResponse) {
  const hit = cache.get(key);
  if (!hit) return false;
  res.writeHead(hit.status, { ...hit.headers, 'x-nextjs-cache': 'HIT', 'x-response-cache': 'HIT' });
  res.end(req.method === 'HEAD' ? undefined : hit.body);
  return true;
}

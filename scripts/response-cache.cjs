'use strict';
// An in-process cache of whole page responses in front of Next's handler
// (used by scripts/server.mjs). Next already serves cached pages without
// rendering or touching the database, but each hit still runs its full
// request pipeline (routing, the proxy, cache lookup), which costs several
// times a static file. This keeps the bytes of responses Next itself marked as
// cached, for as long as Next says they are fresh:
// - only GET page responses with `x-nextjs-cache: HIT|MISS`, status 200, a
//   public `s-maxage` and no Set-Cookie; never client-navigation (RSC) requests;
// - keyed like a shared cache honouring the page's `Vary` (URL, User-Agent,
//   Sec-CH-UA-Mobile, Accept-Language, the `locale` cookie) plus Accept-Encoding;
// - kept for `s-maxage` (at most an hour), and emptied whenever Next expires
//   any cache tag (revalidatePath / revalidateTag anywhere in the app), so a
//   content change shows on the next view exactly as with Next's own cache.
// If Next's tag registry cannot be watched, the cache stays off.

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

/** The cache key of a request, or null when its response must not come from this cache. */
function keyOf(req) {
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
function ttlOf(status, headers) {
  if (status !== 200 || headers['set-cookie'] !== undefined) return 0;
  const state = String(headers['x-nextjs-cache'] || '').toUpperCase();
  if (state !== 'HIT' && state !== 'MISS') return 0;
  const cc = String(headers['cache-control'] || '');
  if (/no-store|no-cache|private/i.test(cc)) return 0;
  const m = /s-maxage=(\d+)/i.exec(cc);
  return m ? Math.min(Number(m[1]), MAX_TTL_S) : 0;
}

class ResponseCache {
  constructor({ maxBytes = 64 * 1024 * 1024, maxEntries = 2000 } = {}) {
    this.maxBytes = maxBytes;
    this.maxEntries = maxEntries;
    this.map = new Map();
    this.bytes = 0;
    this.enabled = true;
    // Bumped by clear(): a response that started before a content change is not stored after it.
    this.generation = 0;
  }

  get(key, now = Date.now()) {
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

  set(key, entry) {
    if (!this.enabled || entry.body.length > this.maxBytes / 8) return;
    this.delete(key);
    this.map.set(key, entry);
    this.bytes += entry.body.length;
    while (this.bytes > this.maxBytes || this.map.size > this.maxEntries) this.delete(this.map.keys().next().value);
  }

  delete(key) {
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

const lower = (obj) => Object.fromEntries(Object.entries(obj || {}).map(([k, v]) => [k.toLowerCase(), v]));

/** Records what `res` sends and stores it under `key` if the finished response qualifies. */
function capture(cache, key, res, now = () => Date.now()) {
  const chunks = [];
  const generation = cache.generation;
  let headers = null;
  let status = 200;
  const writeHead = res.writeHead;
  res.writeHead = function (code, ...rest) {
    const out = writeHead.call(this, code, ...rest);
    status = code;
    const argHeaders = rest.find((r) => r && typeof r === 'object');
    headers = { ...res.getHeaders(), ...lower(Array.isArray(argHeaders) ? undefined : argHeaders) };
    return out;
  };
  const push = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
  };
  const write = res.write;
  res.write = function (chunk, encoding, cb) {
    push(chunk, encoding);
    return write.call(this, chunk, encoding, cb);
  };
  const end = res.end;
  res.end = function (chunk, encoding, cb) {
    push(chunk, encoding);
    return end.call(this, chunk, encoding, cb);
  };
  res.once('finish', () => {
    const h = headers || res.getHeaders();
    const ttl = ttlOf(headers ? status : res.statusCode, h);
    if (!ttl || cache.generation !== generation) return;
    const stored = { ...h };
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
function serve(cache, key, req, res) {
  const hit = cache.get(key);
  if (!hit) return false;
  res.writeHead(hit.status, { ...hit.headers, 'x-nextjs-cache': 'HIT', 'x-response-cache': 'HIT' });
  res.end(req.method === 'HEAD' ? undefined : hit.body);
  return true;
}

/**
 * Empties the cache whenever Next records a tag expiry (what revalidatePath and revalidateTag do,
 * and scripts/page-tags.cjs for another instance's change). Returns false — and switches the
 * cache off — without Next's tag registry (page-tags.cjs tagRegistry found none).
 */
function watchRevalidation(cache, registry) {
  if (!registry) {
    cache.enabled = false;
    return false;
  }
  const manifest = registry.manifest;
  const set = manifest.set.bind(manifest);
  manifest.set = (k, v) => {
    cache.clear();
    return set(k, v);
  };
  return true;
}

module.exports = { keyOf, ttlOf, ResponseCache, capture, serve, watchRevalidation };

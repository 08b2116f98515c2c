// The production HTTP server (run by scripts/start.mjs): Next's request handler behind node:http,
// plus what `next start` cannot do (docs/decisions/page-cache-and-server.md):
// - keep the Vary header that proxy.ts asks for (Next overwrites Vary on prerendered pages, so
//   proxy.ts hands its list over in `x-page-vary`, merged here just before the headers go out),
//   and the Content-Encoding of API answers gzipped once for many requests (Next drops it);
// - answer build assets from memory (scripts/static-assets.cjs) and cached pages from a
//   whole-response cache (scripts/response-cache.cjs);
// - refuse a login flood from one address without Next once this process knows the address is
//   over its limit (lib/server/fleet/early-refusal.ts);
// - on PostgreSQL, before serving a cached page, read the page versions at most once a second and
//   expire the pages another instance changed (scripts/page-tags.cjs);
// - /healthz, /readyz, /metrics, one JSON log line per request with its id, and a graceful stop
//   on SIGTERM (lib/server/fleet/server-hooks.ts holds the application's side of these).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import next from 'next';
import pageCsp from './page-csp.cjs';
import pageTags from './page-tags.cjs';
import responseCache from './response-cache.cjs';
import securityHeaders from './security-headers.cjs';
import staticAssets from './static-assets.cjs';

// Next's own variables, needed before the application (and its validated settings) is loaded.
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '0.0.0.0';
// Next builds its internal URLs (the proxy's rewrites) from this name, not from the address listened
// on; it calls every loopback address "localhost", so given 127.0.0.1 it would take its own
// rewrites for another origin's and fetch them over the network.
const app = next({ dev: false, dir: process.cwd(), port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

const hooks = globalThis[Symbol.for('portal.serverHooks')];
if (!hooks) {
  console.error('server: the application did not install its server hooks (instrumentation.ts); not starting.');
  process.exit(1);
}
const { config } = hooks;

// Next's tag registry: watched by the response cache, written when another instance changed pages.
const tags = pageTags.tagRegistry(createRequire(import.meta.url));
if (hooks.pageWatch && !tags) {
  console.error(
    "server: Next's page-cache tag registry was not found (did a Next upgrade move it? see scripts/page-tags.cjs); " +
      'pages changed through other instances would stay stale here. Not starting.',
  );
  process.exit(1);
}

const pages = new responseCache.ResponseCache();
if (!config.responseCache || !responseCache.watchRevalidation(pages, tags)) pages.enabled = false;

const assets = config.staticAssets ? new staticAssets.StaticAssets(config.distDir) : null;

// ---- pages changed through other instances: checked at most once a second, before serving a GET
const PAGE_SYNC_MS = 1000;
let pagesSyncedAt = 0;
let pagesSyncing = null;
const pagesCurrent = () => !hooks.pageWatch || Date.now() - pagesSyncedAt < PAGE_SYNC_MS;
function syncPages() {
  if (!pagesSyncing) {
    const started = Date.now();
    pagesSyncing = hooks.pageWatch
      .changed()
      .then(
        (patterns) => {
          if (!patterns.length) return;
          pageTags.expirePages(tags, patterns);
          hooks.pagesExpired(patterns.length);
        },
        // Stale pages beat no pages: serve what is cached and try again in a second.
        (err) => hooks.log({ level: 'error', msg: 'page versions unreadable', error: String(err?.message ?? err) }),
      )
      .finally(() => {
        pagesSyncedAt = started;
        pagesSyncing = null;
      });
  }
  return pagesSyncing;
}

// ---- headers Next cannot send itself
function mergeVary(current, extra) {
  const items = [];
  for (const v of [current, extra].flatMap((h) => (Array.isArray(h) ? h : h ? [String(h)] : []))) {
    for (const part of v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (!items.some((i) => i.toLowerCase() === part.toLowerCase())) items.push(part);
    }
  }
  return items.join(', ');
}

const NEXT_CACHE_RESULT = { HIT: 'next-hit', STALE: 'next-stale', MISS: 'next-miss' };

/** Restores x-page-vary and x-content-encoding; notes how Next's cache answered (`state.cache`). */
function finishHeaders(res, state) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    const extra = res.getHeader('x-page-vary');
    if (extra !== undefined) {
      res.removeHeader('x-page-vary');
      res.setHeader('Vary', mergeVary(res.getHeader('vary'), extra));
    }
    const encoding = res.getHeader('x-content-encoding');
    if (encoding !== undefined) {
      res.removeHeader('x-content-encoding');
      res.setHeader('Content-Encoding', encoding);
    }
    const nextCache = res.getHeader('x-nextjs-cache');
    if (nextCache !== undefined) state.cache = NEXT_CACHE_RESULT[String(nextCache).toUpperCase()] ?? null;
    return writeHead.apply(this, args);
  };
}

// ---- requests
let stopping = false;
const inFlight = new Set(); // responses not yet closed
let idle = null; // resolves when the last one closes while stopping
hooks.countInFlight(() => inFlight.size);

// No route takes TRACE, and Next cannot even build a Request for it (undici refuses the
// method), which ended in a 500: answer 405 with the envelope before Next sees it.
function refuseMethod(req, res) {
  if (req.method !== 'TRACE') return false;
  res.writeHead(405, {
    ...securityHeaders.noPageHeaders(req),
    allow: 'GET, HEAD, POST',
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify({ code: 405, msg: `method: ${req.method} is not allowed` }));
  return true;
}

// A login from an address this process already refused is refused again here, before Next: the
// same envelope for a fraction of the CPU, so a flood from one address leaves the other requests
// their time (docs/decisions/early-login-refusal.md; the login call itself still refuses it).
function refuseEarly(req, res) {
  const refusal = hooks.refuseEarly(req);
  if (!refusal) return false;
  res.writeHead(refusal.status, {
    ...securityHeaders.noPageHeaders(req),
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(refusal.body);
  return true;
}

// Route handlers see no socket: the peer's address travels in this header (lib/server/http/client-ip.ts),
// overwriting any copy the client sent, and TRUST_PROXY decides how far X-Forwarded-For is believed.
const SOCKET_ADDRESS_HEADER = 'x-yoonop-socket-address';

function toNext(req, res, state) {
  const key = pages.enabled ? responseCache.keyOf(req) : null;
  if (key && responseCache.serve(pages, key, req, res)) {
    state.cache = 'response';
    return;
  }
  finishHeaders(res, state);
  if (key) responseCache.capture(pages, key, res);
  // Cached pages carry the hashes of their inline scripts instead of an old nonce (scripts/page-csp.cjs).
  pageCsp.install(res);
  handle(req, res).catch((err) => {
    hooks.log({ level: 'error', msg: 'request failed', id: state.id, error: String(err?.stack ?? err) });
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal Server Error');
  });
}

const server = createServer((req, res) => {
  const started = performance.now();
  const sentBefore = req.socket.bytesWritten;
  const id = hooks.requestId(req);
  const state = { id, cache: null };
  inFlight.add(res);
  res.once('close', () => {
    inFlight.delete(res);
    hooks.requestDone({
      id,
      method: req.method,
      url: req.url,
      // 499: the client went away before the answer was complete.
      status: res.writableFinished ? res.statusCode : 499,
      ms: performance.now() - started,
      bytes: req.socket.bytesWritten - sentBefore,
      cache: state.cache,
    });
    if (stopping && inFlight.size === 0) idle?.();
  });
  // The application reads the id (error answers quote it) and learns that Content-Encoding gets through.
  req.headers['x-request-id'] = id;
  req.headers['x-pass-content-encoding'] = '1';
  res.setHeader('X-Request-Id', id);
  // While stopping, every answer closes its connection so clients reconnect elsewhere.
  if (stopping) res.setHeader('Connection', 'close');
  req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';

  if (refuseMethod(req, res)) return;
  if (assets && assets.serve(req, res)) return;
  if (hooks.ops(req, res, stopping)) return;
  if (refuseEarly(req, res)) return;
  if ((req.method === 'GET' || req.method === 'HEAD') && !pagesCurrent())
    syncPages().then(() => toNext(req, res, state));
  else toNext(req, res, state);
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  const { port: actual } = server.address();
  console.log(
    `> ready on http://localhost:${actual} (${process.env.NODE_ENV}; page response cache ${pages.enabled ? 'on' : 'off'}; ` +
      `build assets from memory ${assets ? 'on' : 'off'}; pages changed elsewhere ${hooks.pageWatch ? 'checked every second' : 'not watched (one process)'})`,
  );
});

// ---- graceful stop: /readyz answers 503 from the signal on; after the drain period (SIGTERM
// only: a load balancer polling /readyz stops sending) no new connection is accepted; requests in
// flight get up to SHUTDOWN_TIMEOUT_MS to finish; then the database is closed and the process exits
// (0, or 1 if requests had to be cut off).
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function shutdown(signal) {
  stopping = true;
  const began = Date.now();
  const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
  // Whatever hangs (a database that does not answer the close), the process still ends.
  setTimeout(() => process.exit(1), drainMs + config.shutdownTimeoutMs + 5_000).unref();
  for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  hooks.log({ level: 'info', msg: 'shutdown', signal, inFlight: inFlight.size, drainMs });
  if (drainMs) await sleep(drainMs);
  server.close();
  server.closeIdleConnections();
  if (inFlight.size > 0) {
    const drained = new Promise((r) => (idle = r));
    await Promise.race([drained, sleep(config.shutdownTimeoutMs)]);
  }
  const cut = inFlight.size;
  if (cut) server.closeAllConnections();
  await hooks
    .close()
    .catch((err) => hooks.log({ level: 'error', msg: 'closing the database failed', error: String(err) }));
  hooks.log({ level: cut ? 'error' : 'info', msg: 'stopped', ms: Date.now() - began, cutOff: cut });
  process.exit(cut ? 1 : 0);
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    // A second Ctrl+C means now.
    if (stopping) {
      if (sig === 'SIGINT') process.exit(130);
      return;
    }
    void shutdown(sig);
  });
}

// The production HTTP server (run by scripts/start.mjs): Next's request
// handler behind node:http, plus one thing `next start` cannot do — keep the
// Vary header that proxy.ts asks for (Next overwrites Vary on prerendered
// pages, so proxy.ts hands its list over in `x-page-vary` and it is merged here
// just before the headers go out), send API answers that are gzipped once
// for many requests as they are, and answer build assets from memory
// (scripts/static-assets.cjs) and cached pages from a whole-response cache.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';
import pageCsp from './page-csp.cjs';
import responseCache from './response-cache.cjs';
import staticAssets from './static-assets.cjs';

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '0.0.0.0';
const app = next({ dev: false, dir: process.cwd(), port, hostname });
const handle = app.getRequestHandler();

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

// Next drops Content-Encoding from route handlers' responses; an API answer that is already
// gzipped (lib/server/http/shared-answer.ts) names its encoding in x-content-encoding, with
// Cache-Control no-transform so that Next's compression leaves it alone, and it is restored here.
process.env.PASS_CONTENT_ENCODING = '1';

function finishHeaders(res) {
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
    return writeHead.apply(this, args);
  };
}

await app.prepare();

// Whole responses of cached pages, answered without entering Next's pipeline
// (scripts/response-cache.cjs). RESPONSE_CACHE=off disables it.
const pages = new responseCache.ResponseCache();
const watching =
  process.env.RESPONSE_CACHE !== 'off' && responseCache.watchRevalidation(pages, createRequire(import.meta.url));
if (!watching) pages.enabled = false;

// Hashed build assets from memory, compressed once (scripts/static-assets.cjs). STATIC_ASSETS=off hands them to Next.
const assets =
  process.env.STATIC_ASSETS === 'off'
    ? null
    : new staticAssets.StaticAssets(path.resolve(process.cwd(), process.env.NEXT_DIST_DIR || '.next'));

// No route takes TRACE, and Next cannot even build a Request for it (undici refuses the
// method), which ended in a 500: answer 405 with the envelope before Next sees it.
function refuseMethod(req, res) {
  if (req.method !== 'TRACE') return false;
  res.writeHead(405, { allow: 'GET, HEAD, POST', 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ code: 405, msg: `method: ${req.method} is not allowed` }));
  return true;
}

// Route handlers see no socket: the peer's address travels in this header (lib/server/http/client-ip.ts),
// overwriting any copy the client sent, and TRUST_PROXY decides how far X-Forwarded-For is believed.
const SOCKET_ADDRESS_HEADER = 'x-yoonop-socket-address';

const server = createServer((req, res) => {
  if (refuseMethod(req, res)) return;
  req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
  if (assets && assets.serve(req, res)) return;
  const key = pages.enabled ? responseCache.keyOf(req) : null;
  if (key && responseCache.serve(pages, key, req, res)) return;
  finishHeaders(res);
  if (key) responseCache.capture(pages, key, res);
  // Cached pages carry the hashes of their inline scripts instead of an old nonce (scripts/page-csp.cjs).
  pageCsp.install(res);
  handle(req, res).catch((err) => {
    console.error('request failed:', err);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal Server Error');
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(
    `> ready on http://localhost:${port} (${process.env.NODE_ENV}; page response cache ${pages.enabled ? 'on' : 'off'}; build assets from memory ${assets ? 'on' : 'off'})`,
  );
});
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}

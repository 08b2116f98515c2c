// The production HTTP server: Next's request handler behind node:http, plus what `next start`
// cannot do (docs/decisions/page-cache-and-server.md):
// - keep the Vary header that proxy.ts asks for and the Content-Encoding of API answers gzipped
//   once for many requests (next-headers.ts);
// - answer build assets from memory (static-assets.ts) and cached pages from a whole-response
//   cache (response-cache.ts), with the CSP of a cached page bound to its scripts (page-csp.ts);
// - refuse a login flood from one address without Next once this process knows the address is
//   over its limit (lib/server/fleet/early-refusal.ts);
// - before serving a page, read the cache tags other instances expired, at most twice a second
//   (page-cache/tag-store.ts), so their changes show here too;
// - /healthz, /readyz, /metrics, one JSON log line per request with its id, and a graceful stop
//   on SIGTERM (lib/server/fleet/server-hooks.ts holds the application's side of these).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { CacheResult } from '@/lib/server/fleet/metrics';
import type { ServerHooks } from '@/lib/server/fleet/server-hooks';
import { finishHeaders } from './next-headers';
import { TAG_READ_INTERVAL_MS, type TagStore } from './page-cache/tag-store';
import * as pageCsp from './page-csp';
import * as responseCache from './response-cache';
import { HSTS, noPageHeaders, SECURITY_HEADERS } from './security-headers';
import { StaticAssets } from './static-assets';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type State = { id: string; cache: CacheResult | null };

// Route handlers see no socket: the peer's address travels in this header (lib/server/http/client-ip.ts),
// overwriting any copy the client sent, and TRUST_PROXY decides how far X-Forwarded-For is believed.
const SOCKET_ADDRESS_HEADER = 'x-yoonop-socket-address';

/** Paths whose routes read a request body: the API and the sandbox gateway's confirm form. */
const BODY_ROUTES = /^\/(?:api\/|pay\/sandbox\/[^/]+\/confirm$)/;
const PAGE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const json = (req: IncomingMessage, extra: Record<string, string> = {}) => ({
  ...noPageHeaders(req),
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  ...extra,
});

/** The security headers of a page given without Next (it brings its own CSP). */
function securityHeaders(req: IncomingMessage): Record<string, string> {
  const h: Record<string, string> = Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key, value]));
  if (req.headers['x-forwarded-proto'] === 'https') h[HSTS.key] = HSTS.value;
  return h;
}

/**
 * The request listener in front of `handle` (Next's), and what the stop needs of it. Kept apart
 * from listening and signals so tests can drive it with a handler of their own.
 */
export function requestListener(handle: RequestHandler, hooks: ServerHooks, tags: TagStore) {
  const { config } = hooks;
  const pages = new responseCache.ResponseCache();
  pages.enabled = config.responseCache;
  // Any cache tag expired, here or on another instance: every stored page may show old content.
  tags.onChange(() => pages.clear());
  const assets = config.staticAssets ? new StaticAssets(config.distDir) : null;

  let stopping = false;
  const inFlight = new Set<ServerResponse>(); // responses not yet closed
  let idle: (() => void) | null = null; // resolves when the last one closes while stopping
  hooks.countInFlight(() => inFlight.size);

  // No route takes TRACE, and Next cannot even build a Request for it (undici refuses the
  // method), which ended in a 500: answer 405 with the envelope before Next sees it. A page takes
  // GET and HEAD only (the app has no server actions), yet Next would buffer the body of a POST to
  // one up to 10 MB: only the routes that read a body get one (BODY_ROUTES), the rest 405 unread.
  function refuseMethod(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const page = !BODY_ROUTES.test((req.url ?? '/').split('?')[0]!);
    if (method !== 'TRACE' && !(page && !PAGE_METHODS.has(method))) return false;
    res.writeHead(405, json(req, { allow: page ? 'GET, HEAD' : 'GET, HEAD, POST', connection: 'close' }));
    res.end(JSON.stringify({ code: 405, msg: `method: ${method} is not allowed` }));
    return true;
  }

  // A login from an address this process already refused is refused again here, before Next: the
  // same envelope for a fraction of the CPU, so a flood from one address leaves the other requests
  // their time (docs/decisions/early-login-refusal.md; the login call itself still refuses it).
  // Refused logins go unanswered by Next; `then` gets every other request.
  function refuseEarly(req: IncomingMessage, res: ServerResponse, then: () => void) {
    const send = (refusal: { status: number; body: string } | null) => {
      if (!refusal) return then();
      res.writeHead(refusal.status, json(req));
      res.end(refusal.body);
    };
    const refusal = hooks.refuseEarly(req);
    if (refusal instanceof Promise) void refusal.then(send, then);
    else send(refusal);
  }

  function toNext(req: IncomingMessage, res: ServerResponse, state: State) {
    const key = pages.enabled ? responseCache.keyOf(req) : null;
    if (key && responseCache.serve(pages, key, req, res)) {
      state.cache = 'response';
      return;
    }
    // A page the caches cannot answer while the database is away: the friendly page, without Next.
    if (hooks.unavailable(req, res, state.id, securityHeaders(req))) return;
    finishHeaders(res, state);
    if (key) responseCache.capture(pages, key, res);
    // Cached pages carry the hashes of their inline scripts instead of an old nonce (page-csp.ts).
    pageCsp.install(res);
    // Last, around the others: a page that fails because the database went away mid-render.
    hooks.guardPage(req, res, state.id, securityHeaders(req));
    handle(req, res).catch((err: unknown) => {
      hooks.log({ level: 'error', msg: 'request failed', id: state.id, error: String((err as Error)?.stack ?? err) });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    });
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    // Kept here: once an answer ends before its body was read (a refused upload), Node detaches
    // the socket and req.socket is null by the time the answer closes.
    const socket = req.socket;
    const sentBefore = socket.bytesWritten;
    const id = hooks.requestId(req);
    const state: State = { id, cache: null };
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      hooks.requestDone({
        id,
        method: req.method ?? '',
        url: req.url ?? '/',
        // 499: the client went away before the answer was complete.
        status: res.writableFinished ? res.statusCode : 499,
        ms: performance.now() - started,
        bytes: socket.bytesWritten - sentBefore,
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
    // /healthz, /readyz and /metrics are answered without Next: the headers next.config.ts gives
    // Next's answers that are no pages, set before and taken back when the hook leaves it to Next.
    const noPage = noPageHeaders(req);
    for (const [k, v] of Object.entries(noPage)) res.setHeader(k, v);
    if (hooks.ops(req, res, stopping)) return;
    for (const k of Object.keys(noPage)) res.removeHeader(k);
    refuseEarly(req, res, () => {
      // Pages changed through other instances: their expiries are read before a page is served.
      if ((req.method === 'GET' || req.method === 'HEAD') && tags.due() && !hooks.databaseDown())
        void tags.refresh().then(() => toNext(req, res, state));
      else toNext(req, res, state);
    });
  };

  return {
    listener,
    inFlight,
    /** From now on /readyz answers 503 and every answer closes its connection. */
    stop() {
      stopping = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
    /** Resolves once nothing is in flight, or after `ms`. */
    async idle(ms: number) {
      if (inFlight.size === 0) return;
      const drained = new Promise<void>((r) => (idle = r));
      await Promise.race([drained, new Promise((r) => setTimeout(r, ms))]);
    },
    get stopping() {
      return stopping;
    },
  };
}

/** Listens on `port` and stops gracefully on SIGTERM and SIGINT (the process ends with the server). */
export function startServer(
  opts: { handle: RequestHandler; port: number; hostname: string },
  hooks: ServerHooks,
  tags: TagStore,
): Server {
  const app = requestListener(opts.handle, hooks, tags);
  const { headersTimeoutMs, requestTimeoutMs } = hooks.config;
  // Slow clients (docs/reliability.md): headers and whole requests have deadlines, checked every
  // second (Node's default is every 30 s), so connections trickling a byte at a time are closed
  // with 408 instead of being held for minutes. Waiting connections cost memory only: the others
  // are served meanwhile.
  const server = createServer(
    { headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 1000 },
    app.listener,
  );
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (timedOut) hooks.clientTimedOut({ address: socket.remoteAddress, bytesRead: socket.bytesRead });
    // What Node answers by itself when nobody listens for this event.
    if (socket.writable && !(socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      const status = timedOut
        ? '408 Request Timeout'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroy();
  });
  server.listen(opts.port, opts.hostname, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : opts.port;
    console.log(
      `> ready on http://localhost:${port} (${process.env.NODE_ENV}; page response cache ${hooks.config.responseCache ? 'on' : 'off'}; ` +
        `build assets from memory ${hooks.config.staticAssets ? 'on' : 'off'}; cache tags of other instances read every ${TAG_READ_INTERVAL_MS} ms at most)`,
    );
  });

  // Graceful stop: /readyz answers 503 from the signal on; after the drain period (SIGTERM only:
  // a load balancer polling /readyz stops sending) no new connection is accepted; requests in
  // flight get up to SHUTDOWN_TIMEOUT_MS to finish; then the database is closed and the process
  // exits (0, or 1 if requests had to be cut off).
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  async function shutdown(signal: NodeJS.Signals) {
    const began = Date.now();
    const drainMs = signal === 'SIGTERM' ? hooks.config.shutdownDrainMs : 0;
    const { shutdownTimeoutMs } = hooks.config;
    // Whatever hangs (a database that does not answer the close), the process still ends.
    setTimeout(() => process.exit(1), drainMs + shutdownTimeoutMs + 5_000).unref();
    app.stop();
    hooks.log({ level: 'info', msg: 'shutdown', signal, inFlight: app.inFlight.size, drainMs });
    if (drainMs) await sleep(drainMs);
    server.close();
    server.closeIdleConnections();
    await app.idle(shutdownTimeoutMs);
    const cut = app.inFlight.size;
    if (cut) server.closeAllConnections();
    await hooks
      .close()
      .catch((err) => hooks.log({ level: 'error', msg: 'closing the database failed', error: String(err) }));
    hooks.log({ level: cut ? 'error' : 'info', msg: 'stopped', ms: Date.now() - began, cutOff: cut });
    process.exit(cut ? 1 : 0);
  }
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      // A second Ctrl+C means now.
      if (app.stopping) {
        if (sig === 'SIGINT') process.exit(130);
        return;
      }
      void shutdown(sig);
    });
  }
  return server;
}

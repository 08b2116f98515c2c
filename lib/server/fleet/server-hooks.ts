import 'server-only';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList } from 'node:net';
import path from 'node:path';
import { databaseGate } from '../db/availability';
import { closeDb } from '../db/client';
import { env, type AddressRule } from '../env';
import { requestIdFrom } from '../http/request-id';
import { type EarlyRefusal, earlyRefusal } from './early-refusal';
import { describeError, recordFault } from './faults';
import { metrics, metricsText, type CacheResult } from './metrics';
import { proxyWarning } from './proxy-warning';
import { readinessProbe } from './readiness';
import { RouteLabels } from './route-label';
import { isPageRequest, replaceFailedPage, sendUnavailablePage } from './unavailable-page';

/** One finished request, as the server (server/http-server.ts) saw it. */
export type RequestDone = {
  id: string;
  method: string;
  /** The request target (path and query; only the path is logged). */
  url: string;
  status: number;
  ms: number;
  bytes: number;
  cache: CacheResult | null;
};

/**
 * What the production server (server/http-server.ts) needs from the application: validated
 * settings, the request id, the operations endpoints, the request log and metrics, and closing
 * the database. Made once by server/install.ts when Next starts (instrumentation.ts).
 */
export type ServerHooks = {
  config: {
    responseCache: boolean;
    staticAssets: boolean;
    distDir: string;
    shutdownDrainMs: number;
    shutdownTimeoutMs: number;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
  };
  /** A connection closed because its client was too slow to send its request: one fault line and count. */
  clientTimedOut(fields: { address: string | undefined; bytesRead: number }): void;
  /**
   * The id of a request: the proxy's X-Request-Id when TRUST_PROXY says the proxy is trusted, else
   * a new one. The first request that came through a proxy while TRUST_PROXY is unset is logged
   * with a warning (lib/server/fleet/proxy-warning.ts).
   */
  requestId(req: IncomingMessage): string;
  /**
   * The answer to a request refused before Next sees it (a login flood: lib/server/fleet/
   * early-refusal.ts), or a promise of it when one database read decides; null for the rest.
   */
  refuseEarly(req: IncomingMessage): EarlyRefusal | null | Promise<EarlyRefusal | null>;
  /** Whether the database is known to be away (lib/server/db/availability.ts). */
  databaseDown(): boolean;
  /**
   * While the database is away, answers a page request with the friendly 503 page (and one fault
   * line); false when the database is there or the request is no page.
   */
  unavailable(req: IncomingMessage, res: ServerResponse, id: string, headers: Record<string, string>): boolean;
  /**
   * For a page Next is about to render: should its answer be an error (5xx) while the database is
   * away — the render began before this process knew — the friendly page goes out instead.
   */
  guardPage(req: IncomingMessage, res: ServerResponse, id: string, headers: Record<string, string>): void;
  /** Answers /healthz, /readyz and /metrics; false for any other URL. */
  ops(req: IncomingMessage, res: ServerResponse, stopping: boolean): boolean;
  /** Where /metrics reads the number of requests open. */
  countInFlight(source: () => number): void;
  /** One JSON log line (REQUEST_LOG) and the request metrics. */
  requestDone(done: RequestDone): void;
  /** One JSON line on standard output. */
  log(fields: Record<string, unknown>): void;
  close(): Promise<void>;
};

function log(fields: Record<string, unknown>) {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), ...fields }) + '\n');
}

function allowList(rules: AddressRule[]) {
  const list = new BlockList();
  for (const r of rules) list.addSubnet(r.address, r.prefix, r.family);
  return (address: string | undefined) => {
    if (!address || !rules.length) return false;
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    return v4 ? list.check(v4, 'ipv4') : list.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** /metrics is for the monitoring system only: a bearer token (METRICS_TOKEN) or an allowed peer address (METRICS_ALLOW). */
export function metricsGate(token: string | undefined, allow: AddressRule[]) {
  const allowed = allowList(allow);
  const want = token ? digest(token) : null;
  return (req: IncomingMessage): 'ok' | 'unauthorized' | 'forbidden' => {
    if (allowed(req.socket.remoteAddress)) return 'ok';
    const auth = req.headers.authorization ?? '';
    const given = /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim();
    if (want && given && timingSafeEqual(digest(given), want)) return 'ok';
    return want ? 'unauthorized' : 'forbidden';
  };
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}

export function createServerHooks(): ServerHooks {
  const e = env();
  const distDir = path.resolve(process.cwd(), e.NEXT_DIST_DIR);
  const routes = RouteLabels.fromBuild(distDir);
  const ready = readinessProbe();
  const gate = metricsGate(e.METRICS_TOKEN, e.METRICS_ALLOW);
  const m = metrics();
  const noteProxy = proxyWarning(e.TRUST_PROXY, e.SITE_URL, log);
  const database = databaseGate();
  database.onChange(({ down, ms, error }) =>
    log(
      down
        ? { level: 'error', msg: 'database unavailable', error: describeError(error) }
        : { level: 'info', msg: 'database back', downMs: ms },
    ),
  );

  const ops = (req: IncomingMessage, res: ServerResponse, stopping: boolean): boolean => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/healthz') {
      send(res, 200, JSON.stringify({ status: 'ok' }));
      return true;
    }
    if (pathname === '/readyz') {
      if (stopping) send(res, 503, JSON.stringify({ status: 'stopping' }));
      // Known to be away: no need to ask it (and wait) again.
      else if (database.down) send(res, 503, JSON.stringify({ status: 'not ready', reason: 'database unreachable' }));
      else
        void ready().then((r) =>
          r.ready
            ? send(res, 200, JSON.stringify({ status: 'ready' }))
            : // Anyone may poll it: the reason, not the schema version (the log has the counts).
              send(res, 503, JSON.stringify({ status: 'not ready', reason: r.reason })),
        );
      return true;
    }
    if (pathname === '/metrics') {
      const verdict = gate(req);
      if (verdict === 'unauthorized')
        send(res, 401, JSON.stringify({ status: 'unauthorized' }), { 'www-authenticate': 'Bearer realm="metrics"' });
      else if (verdict === 'forbidden') send(res, 403, JSON.stringify({ status: 'forbidden' }));
      else
        void metricsText().then(
          ({ contentType, body }) => send(res, 200, body, { 'content-type': contentType }),
          (err: unknown) => {
            console.error('[metrics] collecting failed:', err);
            send(res, 503, JSON.stringify({ status: 'metrics unavailable' }));
          },
        );
      return true;
    }
    return false;
  };

  return {
    config: {
      responseCache: e.RESPONSE_CACHE,
      staticAssets: e.STATIC_ASSETS,
      distDir,
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
      headersTimeoutMs: e.SERVER_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.SERVER_REQUEST_TIMEOUT_MS,
    },
    // No request was read, so the id is new: it ties the log line to the count.
    clientTimedOut: (fields) => recordFault('client_timeout', { id: randomUUID(), ...fields }),
    requestId: (req) => {
      noteProxy(req);
      const given = e.TRUST_PROXY.kind !== 'none' ? req.headers['x-request-id'] : undefined;
      return requestIdFrom(typeof given === 'string' ? given : null);
    },
    refuseEarly: (req) => earlyRefusal(req),
    databaseDown: () => database.down,
    unavailable(req, res, id, headers) {
      if (!database.down || !isPageRequest(req)) return false;
      recordFault('database_unavailable', { id, path: (req.url ?? '/').split('?')[0], page: true });
      sendUnavailablePage(req, res, headers);
      return true;
    },
    guardPage(req, res, id, headers) {
      if (!isPageRequest(req)) return;
      replaceFailedPage(
        res,
        () => database.down,
        () => {
          recordFault('database_unavailable', {
            id,
            path: (req.url ?? '/').split('?')[0],
            page: true,
            failedRender: true,
          });
          sendUnavailablePage(req, res, headers);
        },
      );
    },
    ops,
    countInFlight: m.countInFlight,
    requestDone(done) {
      const pathname = done.url.split('?')[0]!;
      const route = routes.of(pathname);
      m.requests.inc({ method: done.method, route, status: String(done.status) });
      m.duration.observe({ method: done.method, route }, done.ms / 1000);
      const cache = done.cache;
      if (cache) m.pageCache.inc({ result: cache });
      if (e.REQUEST_LOG)
        log({
          level: done.status >= 500 ? 'error' : 'info',
          msg: 'request',
          id: done.id,
          method: done.method,
          path: pathname.length > 512 ? pathname.slice(0, 512) + '…' : pathname,
          route,
          status: done.status,
          ms: Math.round(done.ms * 100) / 100,
          bytes: done.bytes,
          ...(cache ? { cache } : {}),
        });
    },
    log,
    close: closeDb,
  };
}

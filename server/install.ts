// Run once when Next starts (instrumentation.ts): makes the production server and Next's page
// cache from the application's parts and leaves them where code outside the app's bundle finds
// them — the server for ./main.mjs, which Node runs first, and the page cache for
// ./page-cache/cache-handler.mjs, which Next loads itself (docs/decisions/page-cache-and-server.md).
import { databaseGate } from '@/lib/server/db/availability';
import { getDb } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { cacheTagsChangedSince, expireCacheTags } from '@/lib/server/fleet/cache-tags';
import { recordFault } from '@/lib/server/fleet/faults';
import { metrics } from '@/lib/server/fleet/metrics';
import { createServerHooks } from '@/lib/server/fleet/server-hooks';
import { startAlertWorker } from '@/lib/server/services/alerts/worker';
import { startSourceWorker } from '@/lib/server/services/console/source-worker';
import { startPublishWorker } from '@/lib/server/services/content/publish-worker';
import { startServer, type RequestHandler } from './http-server';
import { PageCacheHandler } from './page-cache/handler';
import { TagStore } from './page-cache/tag-store';

const PAGE_CACHE = Symbol.for('portal.pageCache');
const SERVER = Symbol.for('portal.server');

/** What ./main.mjs calls once Next is ready. */
export type ServerStart = { start(opts: { handle: RequestHandler; port: number; hostname: string }): void };

/**
 * Next's onRequestError (instrumentation.ts): a failure because the database is away marks it
 * away. A page's fault line is written when the friendly page replaces Next's error answer
 * (guardPage); a route handler's here.
 */
export function reportRequestError(error: unknown, id: string | null, path: string, render: boolean) {
  if (databaseGate().report(error) && !render)
    recordFault('database_unavailable', { id: id ?? 'none', path: path.split('?')[0], error });
}

export function installServer() {
  const g = globalThis as Record<symbol, unknown>;
  // `next build` serves nothing and opens no database: no cache, every page rendered.
  if (g[SERVER] || env().NEXT_PHASE === 'phase-production-build') return;
  const hooks = createServerHooks();
  // Alert messages due (docs/alerts.md): every instance sends its share; stopped with the server.
  const stopAlerts = startAlertWorker(hooks.log);
  // Price sources fetched from a URL on a schedule (docs/console.md "Data").
  const stopSources = startSourceWorker(hooks.log);
  const close = hooks.close.bind(hooks);
  hooks.close = async () => {
    stopAlerts();
    stopSources();
    await close();
  };
  const tags = new TagStore(
    {
      expire: async (t) => expireCacheTags(await getDb(), t),
      changedSince: async (since) => cacheTagsChangedSince(await getDb(), since),
    },
    {
      onError: (what, err) => {
        databaseGate().report(err);
        hooks.log({
          level: 'error',
          msg: what === 'read' ? 'cache tags unreadable' : 'cache tags not shared',
          error: String((err as Error)?.message ?? err),
        });
      },
      onRemoteExpiry: () => metrics().invalidations.inc(),
    },
  );
  g[PAGE_CACHE] = new PageCacheHandler(tags);
  g[SERVER] = {
    start: (opts) => {
      startServer(opts, hooks, tags);
      // Scheduled news (docs/console.md "Content"): the timer asks this server's own publish route.
      const stopPublishing = startPublishWorker(ownOrigin(opts), hooks.log);
      const closeServer = hooks.close.bind(hooks);
      hooks.close = async () => {
        stopPublishing();
        await closeServer();
      };
    },
  } satisfies ServerStart;
}

/** This server as its own timers reach it: the loopback address when it listens on every interface. */
function ownOrigin({ hostname, port }: { hostname: string; port: number }) {
  const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

import 'server-only';
import { getDb } from '../../db/client';
import { env } from '../../env';
import { runDueFeeds } from './source-feeds';

/**
 * Each server instance looks for due sources every SOURCE_WORKER_MS (default 10 s; 0: never) and
 * refreshes them (docs/console.md "Sources that refresh themselves"); instances share the work by
 * claiming each due source in one update. An import moves the data version, so every instance's
 * market answers follow without a route of their own. Returns the function that stops it.
 */
export function startSourceWorker(log: (fields: Record<string, unknown>) => void): () => void {
  const every = env().SOURCE_WORKER_MS;
  if (!every) return () => {};
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      for (const run of await runDueFeeds(await getDb()))
        if (run.error)
          log({ level: 'warn', msg: 'source refresh failed', source: run.feed.name, error: run.error.message });
    })()
      .catch((e: unknown) =>
        log({ level: 'error', msg: 'source refresh failed', error: String((e as Error)?.message ?? e) }),
      )
      .finally(() => {
        busy = false;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

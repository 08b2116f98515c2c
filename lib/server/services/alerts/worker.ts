import 'server-only';
import { getDb } from '../../db/client';
import { env } from '../../env';
import { recordJobRun } from '../../fleet/job-runs';
import { deliverDue } from './deliver';

/**
 * Each server instance looks for due alert messages every ALERT_WORKER_MS (default 5 s; 0: never)
 * and sends them (docs/alerts.md, "Delivery"); instances share the work through the database's
 * row locks. A run that sent or tried something is recorded as an `alert` job for /metrics.
 * Returns the function that stops it.
 */
export function startAlertWorker(log: (fields: Record<string, unknown>) => void): () => void {
  const every = env().ALERT_WORKER_MS;
  if (!every) return () => {};
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      const db = await getDb();
      const run = await deliverDue(db);
      const items = run.sent + run.failed + run.retried + run.skipped;
      if (items) await recordJobRun(db, 'alert', async () => run, { items: () => items });
    })()
      .catch((e: unknown) =>
        log({ level: 'error', msg: 'alert delivery failed', error: String((e as Error)?.message ?? e) }),
      )
      .finally(() => {
        busy = false;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

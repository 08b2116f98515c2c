import 'server-only';
import { getDb } from '../../db/client';
import { env } from '../../env';
import { anythingDue, PUBLISH_JOB_PATH, publishJobKey } from './publish-job';

/**
 * Each server instance looks for due scheduled articles and documents every PUBLISH_WORKER_MS (default 5 s; 0:
 * never) and, when one is due, asks its own publish route to run the job (docs/console.md
 * "Content"). Returns the function that stops it.
 */
export function startPublishWorker(origin: string, log: (fields: Record<string, unknown>) => void): () => void {
  const every = env().PUBLISH_WORKER_MS;
  if (!every) return () => {};
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      if (!(await anythingDue(await getDb()))) return;
      const res = await fetch(origin + PUBLISH_JOB_PATH, {
        method: 'POST',
        headers: { authorization: `Job ${publishJobKey()}` },
      });
      if (!res.ok) throw new Error(`publish route answered ${res.status}`);
    })()
      .catch((e: unknown) =>
        log({ level: 'error', msg: 'scheduled publishing failed', error: String((e as Error)?.message ?? e) }),
      )
      .finally(() => {
        busy = false;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

import 'server-only';
import { count, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

/** Background jobs counted for /metrics. Alerts add theirs by running through `recordJobRun` too. */
export type JobName = 'import' | 'alert';
/** ok: done; refused: bad input, nothing written; failed: stopped by an error. */
export type JobOutcome = 'ok' | 'refused' | 'failed';

/**
 * Runs `work` and records the run, whatever its outcome (the error is rethrown). `outcomeOf`
 * tells a refusal (bad input) from a failure.
 */
export async function recordJobRun<T>(
  db: Db,
  job: JobName,
  work: () => Promise<T>,
  opts: { items?: (result: T) => number; outcomeOf?: (error: unknown) => JobOutcome } = {},
): Promise<T> {
  const startedAt = new Date();
  const record = (outcome: JobOutcome, items: number) =>
    db.insert(jobRuns).values({ job, outcome, startedAt, finishedAt: new Date(), items });
  let result: T;
  try {
    result = await work();
  } catch (e) {
    await record(opts.outcomeOf?.(e) ?? 'failed', 0).catch(() => {});
    throw e;
  }
  await record('ok', opts.items?.(result) ?? 0);
  return result;
}

export type JobCount = { job: string; outcome: string; runs: number; lastFinishedAt: Date | null };

/** Runs per job and outcome since the database began, with the last one's end. */
export async function jobCounts(db: Db): Promise<JobCount[]> {
  const rows = await db
    .select({ job: jobRuns.job, outcome: jobRuns.outcome, runs: count(), last: max(jobRuns.finishedAt) })
    .from(jobRuns)
    .groupBy(jobRuns.job, jobRuns.outcome);
  return rows.map((r) => ({ job: r.job, outcome: r.outcome, runs: Number(r.runs), lastFinishedAt: r.last }));
}

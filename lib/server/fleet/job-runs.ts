import 'server-only';
import { count, max } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { jobRuns } from '../db/schema';

/** Background jobs counted for /metrics (publish: scheduled news; refresh: sources fetched from a URL; docs/console.md). */
export type JobName = 'import' | 'alert' | 'publish' | 'refresh';
/** ok: done; refused: bad input, nothing written; failed: stopped by an error. */
export type JobOutcome = 'ok' | 'refused' | 'failed';

/** What a job may do with its own record: write the "ok" row in its own transaction. */
export type JobRun = { recordOk: (tx: Db | Tx, items: number) => Promise<void> };

/**
 * Runs `work` and records the run, whatever its outcome (the error is rethrown). `outcomeOf`
 * tells a refusal (bad input) from a failure. A job whose work commits in one transaction writes
 * its "ok" row there through `run.recordOk`, so the record and the work stand or fall together (a
 * process killed at any point leaves both or neither: docs/reliability.md); otherwise the row is
 * written once the work is done.
 */
export async function recordJobRun<T>(
  db: Db,
  job: JobName,
  work: (run: JobRun) => Promise<T>,
  opts: { items?: (result: T) => number; outcomeOf?: (error: unknown) => JobOutcome } = {},
): Promise<T> {
  const startedAt = new Date();
  const row = (outcome: JobOutcome, items: number) => ({ job, outcome, startedAt, finishedAt: new Date(), items });
  let recorded = false;
  const run: JobRun = {
    recordOk: async (tx, items) => {
      await tx.insert(jobRuns).values(row('ok', items));
      recorded = true;
    },
  };
  let result: T;
  try {
    result = await work(run);
  } catch (e) {
    await db
      .insert(jobRuns)
      .values(row(opts.outcomeOf?.(e) ?? 'failed', 0))
      .catch(() => {});
    throw e;
  }
  if (!recorded) await db.insert(jobRuns).values(row('ok', opts.items?.(result) ?? 0));
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

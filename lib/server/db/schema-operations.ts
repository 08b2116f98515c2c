import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One row per kind of content shown on cached pages (news, documents; later the console's levels,
 * products and prices), its version bumped by every change of that kind. Each app instance reads
 * the versions at most once a second before serving a cached page and expires the pages of the
 * kinds that moved, so a change made through one instance shows on every instance
 * (lib/server/fleet/page-versions.ts).
 */
export const pageVersions = pgTable('page_versions', {
  kind: text('kind').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Runs of background jobs (price imports; later alerts), whichever process ran them: the command
 * line imports run outside the web instances, so their counts for /metrics live here.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(), // import | alert
    outcome: text('outcome').notNull(), // ok | failed
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at').notNull(),
    /** What it did, in the job's own terms (rows read, written, …). */
    items: integer('items').notNull().default(0),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.outcome, t.finishedAt)],
);

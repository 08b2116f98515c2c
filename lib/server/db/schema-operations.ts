import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * When each cache tag was last expired (revalidatePath / revalidateTag, through Next's page cache:
 * server/page-cache/), so a change made through one instance reaches the cached pages of every
 * instance: each reads the rows changed since its last look at most once a second. `version` grows
 * with every expiry of the tag; `updated_at` (the database's clock) finds the rows changed lately.
 */
export const cacheTags = pgTable(
  'cache_tags',
  {
    tag: text('tag').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('cache_tags_updated_idx').on(t.updatedAt)],
);

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

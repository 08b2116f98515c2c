import 'server-only';
import { createHmac } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { safeEqual } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { documents, news } from '../../db/schema';
import { recordJobRun } from '../../fleet/job-runs';
import { deriveKey } from '../../secret';
import { writeAudit } from '../console/audit';
import { afterContentChange, type PageKind } from './revalidate';
import { documentSnapshot, newsSnapshot } from './snapshots';

/** Who the audit log names for what the publish job does: the scheduler, on an editor's earlier order. */
const SCHEDULER = { id: null, phone: null, name: 'scheduler' };
export const PUBLISH_JOB_PATH = '/api/jobs/publish-news';

/**
 * What can be scheduled (docs/console.md "Content", "Documents"): its table (with the status,
 * publishedAt and version columns and a partial index of scheduled rows), how the audit log
 * names and keeps it, and the pages it shows on.
 */
const SCHEDULABLE = {
  news: { table: news, entity: 'news', snapshot: newsSnapshot },
  docs: { table: documents, entity: 'document', snapshot: documentSnapshot },
} as const satisfies Record<PageKind, unknown>;
type Kind = keyof typeof SCHEDULABLE;
const KINDS = Object.keys(SCHEDULABLE) as Kind[];
export type Published = Record<Kind, number[]>;

const dueIn = (t: (typeof SCHEDULABLE)[Kind]['table'], now: Date) =>
  and(eq(t.status, 'scheduled'), lte(t.publishedAt, now));

/**
 * Makes public every scheduled article and document whose time has come, each with its audit
 * record (`job:publish`), in one transaction with the job's `job_runs` row. Instances running it
 * at once publish each once: the update takes only rows still scheduled, under their row locks.
 */
export async function publishDue(db: Db, now = new Date()): Promise<Published> {
  return recordJobRun(
    db,
    'publish',
    (run) =>
      db.transaction(async (tx) => {
        const published = {} as Published;
        const entries = [];
        for (const kind of KINDS) {
          const { table, entity, snapshot } = SCHEDULABLE[kind];
          // Either table: the columns named are the same in both.
          const due: { id: number }[] = await (tx as Db)
            .update(table as typeof news)
            .set({ status: 'published', version: sql`${table.version} + 1`, updatedAt: now })
            .where(dueIn(table, now))
            .returning({ id: table.id });
          published[kind] = due.map((d) => d.id);
          for (const { id } of due) {
            const after = await snapshot(tx as Db, id);
            const before = after && { ...after, status: 'scheduled', version: after.version - 1 };
            entries.push({ entity, entityId: id, before, after });
          }
        }
        await writeAudit(tx, 'job:publish', SCHEDULER, entries, { ip: null, requestId: null, now });
        await run.recordOk(tx, entries.length);
        return published;
      }),
    { items: (p) => KINDS.reduce((n, k) => n + p[k].length, 0) },
  );
}

/** Whether anything scheduled is due: one look in each partial index, so an idle timer costs nothing. */
export async function anythingDue(db: Db, now = new Date()): Promise<boolean> {
  for (const kind of KINDS) {
    const { table } = SCHEDULABLE[kind];
    const [row] = await db.select({ id: table.id }).from(table).where(dueIn(table, now)).limit(1);
    if (row) return true;
  }
  return false;
}

/**
 * The job's run as the route gives it: publish what is due, then expire the pages showing what
 * was published (here and, through the shared cache tags, on every instance) and rebuild /seo/news.json.
 * Next expires pages from a route handler only, hence the route the timer calls.
 */
export async function runPublishJob(db: Db, now = new Date()) {
  const published = await publishDue(db, now);
  for (const kind of KINDS) if (published[kind].length) await afterContentChange(db, kind);
  return { published };
}

/** The publish route's key: only this server's own timer holds it (derived from the app secret). */
export const publishJobKey = () => createHmac('sha256', deriveKey('publish-job')).update('run').digest('base64url');
export const isPublishJobKey = (header: string | null) => !!header && safeEqual(header, `Job ${publishJobKey()}`);

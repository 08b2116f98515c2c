import 'server-only';
import { createHmac } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { safeEqual } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';
import { recordJobRun } from '../../fleet/job-runs';
import { deriveKey } from '../../secret';
import { writeAudit } from '../console/audit';
import { afterContentChange } from './revalidate';
import { newsSnapshot } from './snapshots';

/** Who the audit log names for what the publish job does: the scheduler, on an editor's earlier order. */
const SCHEDULER = { id: null, phone: null, name: 'scheduler' };
export const PUBLISH_JOB_PATH = '/api/jobs/publish-news';

/**
 * Makes public every scheduled article whose time has come, each with its audit record
 * (`job:publish`), in one transaction with the job's `job_runs` row. Instances running it at once
 * publish each article once: the update takes only rows still scheduled, under their row locks.
 */
export async function publishDue(db: Db, now = new Date()): Promise<number[]> {
  return recordJobRun(
    db,
    'publish',
    (run) =>
      db.transaction(async (tx) => {
        const due = await tx
          .update(news)
          .set({ status: 'published', version: sql`${news.version} + 1`, updatedAt: now })
          .where(and(eq(news.status, 'scheduled'), lte(news.publishedAt, now)))
          .returning({ id: news.id });
        const entries = [];
        for (const { id } of due) {
          const after = await newsSnapshot(tx as Db, id);
          const before = after && { ...after, status: 'scheduled', version: after.version - 1 };
          entries.push({ entity: 'news', entityId: id, before, after });
        }
        await writeAudit(tx, 'job:publish', SCHEDULER, entries, { ip: null, requestId: null, now });
        await run.recordOk(tx, due.length);
        return due.map((d) => d.id);
      }),
    { items: (ids) => ids.length },
  );
}

/** Whether anything scheduled is due: one look in the partial index, so an idle timer costs nothing. */
export async function anythingDue(db: Db, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: news.id })
    .from(news)
    .where(and(eq(news.status, 'scheduled'), lte(news.publishedAt, now)))
    .limit(1);
  return !!row;
}

/**
 * The job's run as the route gives it: publish what is due, then expire the pages showing news
 * (here and, through the shared cache tags, on every instance) and rebuild /seo/news.json.
 * Next expires pages from a route handler only, hence the route the timer calls.
 */
export async function runPublishJob(db: Db, now = new Date()) {
  const ids = await publishDue(db, now);
  if (ids.length) await afterContentChange(db, 'news');
  return { published: ids };
}

/** The publish route's key: only this server's own timer holds it (derived from the app secret). */
export const publishJobKey = () => createHmac('sha256', deriveKey('publish-job')).update('run').digest('base64url');
export const isPublishJobKey = (header: string | null) => !!header && safeEqual(header, `Job ${publishJobKey()}`);

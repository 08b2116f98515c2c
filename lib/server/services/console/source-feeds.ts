import 'server-only';
import path from 'node:path';
import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { SaveSourceFeedBody, SourceFeed } from '@/lib/api/console/schemas/source-feeds';
import { msg } from '@/lib/i18n/server-messages';
import type { Db } from '../../db/client';
import { productSources, sourceFeeds } from '../../db/schema';
import { fail } from '../../errors';
import { recordJobRun } from '../../fleet/job-runs';
import { checkSourceUrl, fetchSource, SourceFetchError, type SourceNet } from '../../net/fetch-source';
import { type Actor, writeAudit } from './audit';
import { importUploadedPrices } from './data-imports';
import { readFeedError, storeFeedError } from './feed-error';

type Row = typeof sourceFeeds.$inferSelect;
export type Wrote = { country: string; sourceId: number }[];

/** Who the audit log and the import history name for a scheduled refresh. */
export const SCHEDULER: Actor = { id: null, phone: null, name: 'scheduler' };

export const toFeed = (r: Row): SourceFeed => {
  const error = readFeedError(r.lastError);
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    everyMinutes: r.everyMinutes,
    enabled: r.enabled,
    nextRunAt: r.nextRunAt.toISOString(),
    lastRunAt: r.lastRunAt ? r.lastRunAt.toISOString() : null,
    lastOutcome: r.lastOutcome as SourceFeed['lastOutcome'],
    lastError: error.text,
    lastErrorRef: error.ref,
    lastRows: r.lastRows,
    lastImportId: r.lastImportId,
    countries: [...new Set((r.wrote as Wrote).map((w) => w.country))].sort(),
  };
};

/** ConsoleSourceFeeds: by name. */
export async function listFeeds(db: Db): Promise<SourceFeed[]> {
  return (await db.select().from(sourceFeeds).orderBy(asc(sourceFeeds.name))).map(toFeed);
}

/**
 * ConsoleSaveSourceFeed: a new source is fetched at once (its next run is now); a changed URL
 * forgets the old file's validators and is fetched at once too; a changed schedule counts from the
 * last run. The URL is checked as the job checks it (http(s), https in production, public
 * addresses only), so a refused one is named here rather than failing later.
 */
export async function saveFeed(
  tx: Db,
  body: SaveSourceFeedBody,
  now: Date,
  net: SourceNet = {},
): Promise<{ before: SourceFeed | null; after: SourceFeed }> {
  try {
    await checkSourceUrl(body.url, net.resolve);
  } catch (e) {
    if (e instanceof SourceFetchError) throw fail.invalid('url', e.ref);
    throw e;
  }
  const [clash] = await tx
    .select({ id: sourceFeeds.id })
    .from(sourceFeeds)
    .where(and(eq(sourceFeeds.name, body.name), body.id ? ne(sourceFeeds.id, body.id) : undefined));
  if (clash) throw fail.invalid('name', msg('sources.nameTaken'));
  const fields = { name: body.name, url: body.url, everyMinutes: body.everyMinutes, enabled: body.enabled };
  if (!body.id) {
    const [row] = await tx
      .insert(sourceFeeds)
      .values({ ...fields, nextRunAt: now, createdAt: now, updatedAt: now })
      .returning();
    return { before: null, after: toFeed(row!) };
  }
  const [old] = await tx.select().from(sourceFeeds).where(eq(sourceFeeds.id, body.id)).for('update');
  if (!old) throw fail.notFound();
  const moved = old.url !== body.url;
  const next = moved ? now : new Date((old.lastRunAt ?? now).getTime() + body.everyMinutes * 60_000);
  const [row] = await tx
    .update(sourceFeeds)
    .set({
      ...fields,
      nextRunAt: next,
      updatedAt: now,
      ...(moved ? { etag: null, lastModified: null } : {}),
    })
    .where(eq(sourceFeeds.id, body.id))
    .returning();
  return { before: toFeed(old), after: toFeed(row!) };
}

/** The file name an import records for a source: the file's own (it may name the country), else the source's. */
function fileNameOf(feed: Row, url: string): string {
  const base = path.posix.basename(new URL(url).pathname);
  if (/\.csv$/i.test(base)) return base;
  return `${feed.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'source'}.csv`;
}

export type FeedRun = { feed: SourceFeed; error: SourceFetchError | null };

/**
 * One run of a source (docs/console.md "Sources that refresh themselves"): a conditional GET; a 304
 * imports nothing; a file is imported as a console upload is (the same pipeline, the same
 * `price_imports` history row, actor the scheduler or the member who asked). The source's new
 * state and its audit record commit with the import; the run is a `refresh` job in `job_runs`
 * whatever its outcome. A failed fetch is kept on the source (the dashboard lists it) and answered.
 */
export async function runFeed(db: Db, id: number, actor: Actor, action: string, net: SourceNet = {}): Promise<FeedRun> {
  const [feed] = await db.select().from(sourceFeeds).where(eq(sourceFeeds.id, id));
  if (!feed) throw fail.notFound();
  const now = new Date();
  const meta = { ip: null, requestId: null, now };
  const settle = async (tx: Db, set: Partial<Row>) => {
    const [after] = await tx
      .update(sourceFeeds)
      .set({ lastRunAt: now, ...set })
      .where(eq(sourceFeeds.id, id))
      .returning();
    await writeAudit(
      tx,
      action,
      actor,
      [{ entity: 'source_feed', entityId: id, before: toFeed(feed), after: toFeed(after!) }],
      meta,
    );
    return toFeed(after!);
  };
  try {
    const result = await recordJobRun(
      db,
      'refresh',
      async (run) => {
        const got = await fetchSource(feed.url, { etag: feed.etag, lastModified: feed.lastModified }, net);
        if (got.status === 'unchanged')
          return db.transaction(async (tx) => {
            await run.recordOk(tx, 0);
            return settle(tx as Db, { lastOutcome: 'unchanged', lastError: null, lastRows: 0 });
          });
        return db.transaction(async (tx) => {
          const { record } = await importUploadedPrices(tx as Db, {
            fileName: fileNameOf(feed, got.url),
            csv: got.body,
            actor,
            now,
            maxBytes: net.maxBytes ?? Number.MAX_SAFE_INTEGER,
          });
          // The series this import wrote carry its transaction's start (product_sources.imported_at).
          const wrote = await tx
            .selectDistinct({ country: productSources.countryCode, sourceId: productSources.sourceId })
            .from(productSources)
            .where(eq(productSources.importedAt, sql`now()`));
          await writeAudit(
            tx,
            action,
            actor,
            [{ entity: 'price_import', entityId: record.id, before: null, after: record }],
            meta,
          );
          await run.recordOk(tx, record.imported);
          const refused = record.outcome === 'refused';
          // The import's reason is its own English text: kept as the detail beside a message of ours.
          const why = record.refused ?? record.countries.find((c) => c.refused)?.refused ?? null;
          return settle(tx as Db, {
            lastOutcome: record.outcome,
            lastError: refused ? storeFeedError(msg('sources.fileRefused'), why) : null,
            lastRows: record.imported,
            lastImportId: record.id,
            // A refused file is tried again next time, not answered 304.
            ...(refused ? {} : { etag: got.etag, lastModified: got.lastModified }),
            ...(wrote.length ? { wrote } : {}),
          });
        });
      },
      { outcomeOf: (e) => (e instanceof SourceFetchError && e.kind === 'refused' ? 'refused' : 'failed') },
    );
    return { feed: result, error: null };
  } catch (e) {
    const error =
      e instanceof SourceFetchError
        ? e
        : new SourceFetchError(msg('sources.network', { why: (e as Error)?.message ?? String(e) }), 'failed');
    const after = await db.transaction((tx) =>
      settle(tx as Db, { lastOutcome: 'failed', lastError: storeFeedError(error.ref) }),
    );
    return { feed: after, error };
  }
}

/**
 * Takes the next due source for this instance: its next run moves on by its schedule in the same
 * statement, so instances running the job at once take each source once (the row lock of the update).
 */
export async function claimDue(db: Db, now = new Date()): Promise<number | null> {
  const [due] = await db
    .select({ id: sourceFeeds.id })
    .from(sourceFeeds)
    .where(and(eq(sourceFeeds.enabled, true), lte(sourceFeeds.nextRunAt, now)))
    .orderBy(asc(sourceFeeds.nextRunAt))
    .limit(1);
  if (!due) return null;
  const [claimed] = await db
    .update(sourceFeeds)
    .set({ nextRunAt: sql`${now.toISOString()}::timestamptz + ${sourceFeeds.everyMinutes} * interval '1 minute'` })
    .where(and(eq(sourceFeeds.id, due.id), lte(sourceFeeds.nextRunAt, now)))
    .returning({ id: sourceFeeds.id });
  return claimed?.id ?? null;
}

/** The refresh job: every source due now, one after the other (at most `limit` a turn). */
export async function runDueFeeds(db: Db, net: SourceNet = {}, limit = 10): Promise<FeedRun[]> {
  const runs: FeedRun[] = [];
  for (let i = 0; i < limit; i++) {
    const id = await claimDue(db);
    if (id === null) break;
    runs.push(await runFeed(db, id, SCHEDULER, 'job:refresh', net));
  }
  return runs;
}

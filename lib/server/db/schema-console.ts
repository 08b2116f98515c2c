import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// ---- The operator console (docs/console.md) ----

/**
 * Every staff action taken in the console: who, when, which call, on what, the record before and
 * after. Written in the transaction of the change it records (lib/server/http/dispatch.ts), and
 * append-only: a trigger (migration 0017) refuses every UPDATE and DELETE, so no call, console
 * screen or bug can rewrite it. The actor is copied, not referenced: the record outlives accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull(),
    /** The staff member (null for the scheduler acting on a member's earlier order). */
    actorId: uuid('actor_id'),
    actorPhone: text('actor_phone'),
    actorName: text('actor_name').notNull(),
    /** The console call (ConsolePublishArticle …) or job (job:publish …) that acted. */
    action: text('action').notNull(),
    /** What was changed: news, document, order, user, feedback, source … and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/**
 * Price files imported from the console (docs/console.md "Data"): who, when, which file, what it
 * did per country, and its rejects file (line, reason, record), kept for download. Written in
 * the import's transaction, with its audit record.
 */
export const priceImports = pgTable(
  'price_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull(),
    actorId: uuid('actor_id'),
    actorPhone: text('actor_phone'),
    actorName: text('actor_name').notNull(),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    /** ok, partial (some countries refused) or refused (nothing imported). */
    outcome: text('outcome').notNull(),
    rows: integer('rows').notNull(),
    imported: integer('imported').notNull(),
    rejected: integer('rejected').notNull(),
    newSeries: integer('new_series').notNull(),
    /** Per country: counts, new series, unmapped commodities, span, refusal (CountryImportRecord[]). */
    countries: jsonb('countries').notNull(),
    unplaced: integer('unplaced').notNull(),
    refused: text('refused'),
    ms: integer('ms').notNull(),
    rejectsCsv: text('rejects_csv'),
  },
  (t) => [index('price_imports_at_idx').on(t.at)],
);

/**
 * Price sources that refresh themselves (docs/console.md "Sources that refresh themselves"): a URL
 * (an HDX resource of a WFP country file …) fetched every `every_minutes` by the refresh job, with a
 * conditional GET (the validators of the last answer kept here), and imported as a console upload
 * is. Each run leaves its outcome here, a `job_runs` row and, when something was imported, a
 * `price_imports` row (`last_import_id`).
 */
export const sourceFeeds = pgTable(
  'source_feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    url: text('url').notNull(),
    everyMinutes: integer('every_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** When the job fetches it next; claimed (moved on) by the instance that runs it. */
    nextRunAt: ts('next_run_at').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastRunAt: ts('last_run_at'),
    /** ok (imported), unchanged (304), refused (not a price file), failed (fetch or import error). */
    lastOutcome: text('last_outcome'),
    lastError: text('last_error'),
    lastRows: integer('last_rows'),
    lastImportId: integer('last_import_id'),
    /** The country × data source pairs its last import wrote ([{ country, sourceId }]): the dashboard's rows. */
    wrote: jsonb('wrote').notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('source_feeds_due_idx').on(t.nextRunAt)],
);

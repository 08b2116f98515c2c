import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

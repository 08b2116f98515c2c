import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberLevels, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// ---- Commerce (docs/pricing.md, docs/commerce.md): range prices, orders of every kind, payments ----

/** Price of a membership level for 1, 3 or 12 months, in fen (docs/pricing.md). */
export const memberRangePrices = pgTable(
  'member_range_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    levelId: uuid('level_id')
      .notNull()
      .references(() => memberLevels.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    priceFen: integer('price_fen').notNull(),
  },
  (t) => [
    uniqueIndex('member_range_prices_level_months_uq').on(t.levelId, t.months),
    check('member_range_prices_price_ck', sql`${t.priceFen} > 0`),
  ],
);

/**
 * One table for every order kind (`member` now, `data_product` next): payment,
 * notify, expiry and receipts work on this row only; what an order grants is
 * kept in `detail` and applied by the kind's grant step.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // member | data_product
    tradeCode: text('trade_code').notNull(),
    // What people read aloud and write down: YN-20261127-0042 (Beijing day, that day's count).
    orderNo: text('order_no').notNull(),
    status: text('status').notNull().default('pending'), // pending | paid | closed | refunded
    amountFen: integer('amount_fen').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    // Identifies "the same buy": a repeated one while this order is pending returns it.
    dedupeKey: text('dedupe_key').notNull(),
    detail: jsonb('detail').notNull(),
    provider: text('provider'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    closedAt: ts('closed_at'),
    closeReason: text('close_reason'), // expired | cancelled
    refundedAt: ts('refunded_at'),
  },
  (t) => [
    uniqueIndex('orders_trade_code_uq').on(t.tradeCode),
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    // At most one pending order per identical buy: concurrent submits collapse onto it.
    uniqueIndex('orders_pending_dedupe_uq').on(t.userId, t.dedupeKey).where(sql`${t.status} = 'pending'`),
    index('orders_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    // The console's orders, newest first, under any filter (docs/console.md "Orders and refunds").
    index('orders_created_idx').on(t.createdAt),
    check('orders_amount_ck', sql`${t.amountFen} > 0`),
    check('orders_status_ck', sql`${t.status} in ('pending', 'paid', 'closed', 'refunded')`),
  ],
);

/**
 * The last order number given on each Beijing day (YYYYMMDD): the next order of the day takes
 * last + 1. 0 when the day's only buy so far found its pending order of the day before.
 */
export const orderNumbers = pgTable(
  'order_numbers',
  {
    day: text('day').primaryKey(),
    last: integer('last').notNull(),
  },
  (t) => [check('order_numbers_last_ck', sql`${t.last} >= 0`)],
);

/** What an order is made of: one line for a membership, one per region for a data product. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ref: text('ref').notNull(), // level id, region id …
    labelZh: text('label_zh').notNull(),
    labelEn: text('label_en').notNull(),
    amountFen: integer('amount_fen').notNull(),
  },
  (t) => [uniqueIndex('order_lines_order_pos_uq').on(t.orderId, t.position)],
);

/** A settled payment; one per order and one per provider transaction, so repeats of a notify add nothing. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    paidAt: ts('paid_at').notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [
    uniqueIndex('payments_order_uq').on(t.orderId),
    uniqueIndex('payments_provider_txn_uq').on(t.provider, t.providerTxnId),
  ],
);

/**
 * What each stretch of a user's membership was bought at, for prorating an upgrade
 * (docs/pricing.md): the level, the range bought (1, 3 or 12 months) and its length in days
 * (the rate basis), the stretch's dates, and what was paid for the stretch (credit carried
 * over from an upgrade included). A paid order writes one; an upgrade ends the lower
 * level's stretches now and writes the higher level's for the rest.
 */
export const memberTerms = pgTable(
  'member_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    levelId: uuid('level_id')
      .notNull()
      .references(() => memberLevels.id),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    months: integer('months').notNull(),
    rangeDays: integer('range_days').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    valueFen: integer('value_fen').notNull(),
  },
  (t) => [
    index('member_terms_user_idx').on(t.userId, t.levelId, t.endsAt),
    check('member_terms_range_ck', sql`${t.rangeDays} > 0 and ${t.valueFen} >= 0`),
  ],
);

/**
 * A refund of a paid order, whole (docs/commerce.md "Refunds"): one per order — the unique key
 * backs the order row's lock, so two staff refunding at once make one refund — with the number
 * the provider knows it by, its id for it, who made it and why.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundNo: text('refund_no').notNull(),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    createdAt: ts('created_at').notNull(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [uniqueIndex('refunds_order_uq').on(t.orderId), check('refunds_amount_ck', sql`${t.amountFen} > 0`)],
);

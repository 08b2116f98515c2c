import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Circular on purpose, as in schema-market.ts: `users` is only read lazily (inside `references`).
import { users } from './schema';
import { feedbacks } from './schema-feedback';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// ---- Anomaly levels, watchlists and alerts (docs/market-data.md "Anomaly levels", docs/alerts.md) ----

/**
 * The anomaly level of every series (product × region × price type × currency; a region is a market,
 * a province or the nation), recomputed in the transaction of every import that changes the
 * series (lib/server/services/alerts/anomaly-refresh.ts). What is stored depends on the data only;
 * whether a series is stale (no price in the last six months) is decided when it is read.
 */
export const anomalyLevels = pgTable(
  'anomaly_levels',
  {
    productNum: smallint('product_num').notNull(),
    regionNum: integer('region_num').notNull(),
    priceType: smallint('price_type').notNull(),
    currency: text('currency').notNull(),
    /** normal | stress | alert | crisis, or null when the series is too short or has too many gaps (`why`). */
    level: text('level'),
    /** null | short | gaps */
    why: text('why'),
    /** (latest − fitted) / sd of the residuals; null without a level. */
    score: doublePrecision('score'),
    latest: doublePrecision('latest'),
    fitted: doublePrecision('fitted'),
    sd: doublePrecision('sd'),
    /** Months with a price, and months from the first to the latest (both counted). */
    months: integer('months').notNull(),
    span: integer('span').notNull(),
    /** The latest month assessed (its first day), and the series' last day with a price. */
    lastMonth: date('last_month', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    computedAt: ts('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productNum, t.regionNum, t.priceType, t.currency] }),
    // "Series in alert or crisis": the few flagged series are found without reading the rest.
    index('anomaly_levels_level_idx').on(t.level, t.regionNum),
  ],
);

/** A series a user follows (docs/alerts.md, "Watchlist"): product × region × price type × currency. */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productNum: smallint('product_num').notNull(),
    regionNum: integer('region_num').notNull(),
    priceType: smallint('price_type').notNull(),
    currency: text('currency').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('watchlist_items_series_uq').on(t.userId, t.productNum, t.regionNum, t.priceType, t.currency)],
);

/**
 * An alert rule on a followed series (docs/alerts.md, "Rules"). The series key is copied from the
 * watchlist item so an import finds the rules of the series it changed without the watchlist.
 * `lastDay` is the latest observation evaluated and `met` whether the condition held then: a rule
 * fires when a newer observation meets a condition the last one did not (every newer one for `new`),
 * and moving `lastDay` forward is what claims an observation, so no observation fires a rule twice.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    watchId: uuid('watch_id')
      .notNull()
      .references(() => watchlistItems.id, { onDelete: 'cascade' }),
    productNum: smallint('product_num').notNull(),
    regionNum: integer('region_num').notNull(),
    priceType: smallint('price_type').notNull(),
    currency: text('currency').notNull(),
    /** above | below | move | level | new */
    kind: text('kind').notNull(),
    /** above / below: the price; move: the percentage. */
    value: doublePrecision('value'),
    /** move: over how many days. */
    days: integer('days'),
    /** move: up | down | any */
    direction: text('direction'),
    /** level: stress | alert | crisis */
    level: text('level'),
    /** Channels besides the portal: email, sms, webhook. */
    channels: text('channels').array().notNull().default([]),
    lastDay: date('last_day', { mode: 'string' }),
    met: boolean('met').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('alert_rules_series_idx').on(t.productNum, t.regionNum, t.priceType, t.currency),
    index('alert_rules_user_idx').on(t.userId),
  ],
);

/** What a rule said about one observation: the portal's notification centre lists these; one per rule and day. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    // The series and price of a price alert; null on a notice of a staff reply to feedback.
    productNum: smallint('product_num'),
    regionNum: integer('region_num'),
    priceType: smallint('price_type'),
    currency: text('currency'),
    day: date('day', { mode: 'string' }),
    price: doublePrecision('price'),
    /** A rule kind (above, below, move, level …), or `feedbackReply` (docs/feedback.md "Replies"). */
    kind: text('kind').notNull(),
    /** The feedback a `feedbackReply` notice is about: the customer's link to the thread. */
    feedbackId: uuid('feedback_id').references(() => feedbacks.id, { onDelete: 'cascade' }),
    /** The rule as it was (value, days, direction, level) and what met it (the earlier price, the level reached). */
    detail: jsonb('detail').$type<NotificationDetail>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_rule_day_uq').on(t.ruleId, t.day),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_feedback_idx').on(t.feedbackId),
  ],
);

export type NotificationDetail = {
  value?: number | null;
  days?: number | null;
  direction?: string | null;
  level?: string | null;
  /** move: the price `days` before and its day, and the change in %. */
  refDay?: string | null;
  refPrice?: number | null;
  pct?: number | null;
  /** level: the level and score reached. */
  reached?: string | null;
  score?: number | null;
};

/** One message of a notification on one channel; the delivery worker sends what is due (docs/alerts.md, "Delivery"). */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** email | sms | webhook */
    channel: text('channel').notNull(),
    /** pending | sending | sent | failed | skipped */
    status: text('status').notNull().default('pending'),
    /** Held for the user's daily digest e-mail. */
    digest: boolean('digest').notNull().default(false),
    dueAt: ts('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** While one worker sends it; a worker that died leaves it to be claimed again after this. */
    claimedUntil: ts('claimed_until'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_deliveries_notification_channel_uq').on(t.notificationId, t.channel),
    index('alert_deliveries_due_idx').on(t.status, t.dueAt),
    index('alert_deliveries_user_idx').on(t.userId, t.channel, t.sentAt),
  ],
);

/** How a user is told (docs/alerts.md, "Settings"): language, time zone, quiet hours, digest, e-mail, webhook. */
export const alertSettings = pgTable('alert_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** zh-CN | en */
  lang: text('lang').notNull().default('zh-CN'),
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  /** Minutes after local midnight; no quiet hours when either is null. */
  quietFrom: smallint('quiet_from'),
  quietTo: smallint('quiet_to'),
  digest: boolean('digest').notNull().default(false),
  digestAt: smallint('digest_at').notNull().default(480),
  email: text('email'),
  /** Set when the user opened the confirmation link sent to `email`; mail goes only to a confirmed address. */
  emailConfirmedAt: ts('email_confirmed_at'),
  webhookUrl: text('webhook_url'),
  /** The webhook secret's version: a new one replaces the secret (tokens.ts). */
  webhookVersion: integer('webhook_version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The e-mail outbox (MAIL_ADAPTER=outbox): messages kept instead of sent, shown at /dev/mail. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.sentAt)],
);

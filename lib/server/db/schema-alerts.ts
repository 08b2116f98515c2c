import {
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  smallint,
  integer,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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

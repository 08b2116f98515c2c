import {
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ForecastRecordData } from '../market/forecast-record';

// ---- The forecast record (docs/market-data.md#forecast-record) ----

/**
 * Derived: the rolling-origin back-test of one real series (a market's own prices, or a province's
 * or the nation's derived ones) with enough observed months, rewritten when an import changes it.
 * `scores` holds, per scored forecast, the months ahead and each method's |log error| / σ: what
 * the bands are calibrated on.
 */
export const forecastBacktests = pgTable(
  'forecast_backtests',
  {
    productNum: smallint('product_num').notNull(),
    regionNum: integer('region_num').notNull(),
    priceType: smallint('price_type').notNull(),
    currency: text('currency').notNull(),
    countryCode: text('country_code').notNull(),
    /** The monthly prices' fingerprint: a province holding one market's prices is that market's series, counted once. */
    fingerprint: text('fingerprint').notNull(),
    observed: integer('observed').notNull(),
    origins: integer('origins').notNull(),
    lastMonth: text('last_month').notNull(),
    etsMae: doublePrecision('ets_mae').notNull(),
    snaiveMae: doublePrecision('snaive_mae').notNull(),
    scale: doublePrecision('scale').notNull(),
    scores: jsonb('scores').$type<{ k: number[]; ets: number[]; snaive: number[] }>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productNum, t.regionNum, t.priceType, t.currency] })],
);

/** The record as published after each import that changed a real series: the figures and the band calibration. */
export const forecastRecords = pgTable('forecast_records', {
  id: serial('id').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last month of prices any series of the record has. */
  dataThrough: date('data_through', { mode: 'string' }),
  record: jsonb('record').$type<ForecastRecordData>().notNull(),
});

import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Circular on purpose: schema.ts re-exports this file; `users` is only read lazily (inside `references`).
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// ---- Market data (docs/market-data.md) ----
// Prices are measurements per kg / litre, not money owed: they stay double precision so a
// "90 KG" pack of 250 CNY is 2.7778 CNY/kg, not a rounded fen. Money (data-product prices) is integer fen.
//
// The price tables are keyed by small integers (products.num, regions.num, and the flag and
// price-type codes of lib/server/market/codes.ts), not by the public text codes: their keys are
// a third the size, so imports, refreshes and range reads touch far fewer index pages (measured:
// a bulk load into the integer-keyed table ran 3.4× faster on PGlite than into the text-keyed one).

/** nation → province → city → market; `provinceId` is denormalised so market rows roll up without a recursive walk. */
export const regions = pgTable(
  'regions',
  {
    id: text('id').primaryKey(),
    /** Compact key used by the price tables. */
    num: integer('num').notNull().unique(),
    parentId: text('parent_id'),
    level: text('level').notNull(), // nation | province | city | market
    provinceId: text('province_id'),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    lat: real('lat'),
    lon: real('lon'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('regions_parent_idx').on(t.parentId), index('regions_province_idx').on(t.provinceId, t.level)],
);

export const productCategories = pgTable('product_categories', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    code: text('code').primaryKey(),
    /** Compact key used by the price tables. */
    num: smallint('num').notNull().unique(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    categoryCode: text('category_code')
      .notNull()
      .references(() => productCategories.code),
    unit: text('unit').notNull(), // kg | l | piece
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [index('products_category_idx').on(t.categoryCode)],
);

export const dataSources = pgTable('data_sources', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
  licence: text('licence').notNull(),
  /** The line shown wherever the source's data appears, e.g. "Source: WFP VAM via HDX (CC BY-IGO)". */
  attribution: text('attribution').notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
});

/** One price per product × market × day × flag × price type; the key is the upsert target of imports. */
export const priceObservations = pgTable(
  'price_observations',
  {
    productNum: smallint('product_num').notNull(),
    marketNum: integer('market_num').notNull(),
    /** The market's province (regions.num), denormalised: province prices are then one GROUP BY with no join. */
    provinceNum: integer('province_num').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    flag: smallint('flag').notNull(), // FLAG_CODE: actual | forecast | aggregate
    priceType: smallint('price_type').notNull(), // PRICE_TYPE_CODE: wholesale | retail
    price: doublePrecision('price').notNull(),
    minPrice: doublePrecision('min_price'),
    maxPrice: doublePrecision('max_price'),
    volume: doublePrecision('volume'),
    sourceId: smallint('source_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productNum, t.marketNum, t.day, t.flag, t.priceType] })],
);

/**
 * Derived: the daily price of a product in the nation or a province (geometric mean of its
 * markets' actual prices), refreshed after every import so trend calls read one row per day
 * instead of aggregating markets per request.
 */
export const regionPrices = pgTable(
  'region_prices',
  {
    productNum: smallint('product_num').notNull(),
    regionNum: integer('region_num').notNull(),
    priceType: smallint('price_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    price: doublePrecision('price').notNull(),
    minPrice: doublePrecision('min_price'),
    maxPrice: doublePrecision('max_price'),
    markets: smallint('markets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productNum, t.regionNum, t.priceType, t.day] })],
);

/** Derived: each product × market × price type's latest actual price and the one before it (WebPrice, PriceMenu). */
export const latestPrices = pgTable(
  'latest_prices',
  {
    productNum: smallint('product_num').notNull(),
    marketNum: integer('market_num').notNull(),
    priceType: smallint('price_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    price: doublePrecision('price').notNull(),
    prevDay: date('prev_day', { mode: 'string' }),
    prevPrice: doublePrecision('prev_price'),
    sourceId: smallint('source_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productNum, t.marketNum, t.priceType] })],
);

/** Derived: which sources a product's prices come from, and when (provenance without scanning observations). */
export const productSources = pgTable(
  'product_sources',
  {
    productNum: smallint('product_num').notNull(),
    sourceId: smallint('source_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productNum, t.sourceId] })],
);

/**
 * One row, its version bumped by every import that changes prices: each app instance keeps
 * derived answers (series, indexes, the price list) in memory and drops them when it moves.
 */
export const marketState = pgTable('market_state', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Price indexes (docs/market-data.md): what each one covers and its base period; rewritten by every index refresh. */
export const indexDefinitions = pgTable('index_definitions', {
  code: text('code').primaryKey(), // composite | cat:<category> | prod:<product>
  scope: text('scope').notNull(), // product | category | composite
  subject: text('subject'), // product or category code; null for composite
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  granularity: text('granularity').notNull(), // day | month
  basePeriodStart: date('base_period_start', { mode: 'string' }).notNull(),
  basePeriodEnd: date('base_period_end', { mode: 'string' }).notNull(),
  equalWeights: boolean('equal_weights').notNull(),
  /** Product code → weight (sums to 1) for category and composite indexes. */
  weights: jsonb('weights'),
  /** Regions the index is published for. */
  regionIds: jsonb('region_ids').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const indexValues = pgTable(
  'index_values',
  {
    indexCode: text('index_code').notNull(),
    regionId: text('region_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(), // the 1st for monthly indexes
    level: doublePrecision('level').notNull(),
    dod: doublePrecision('dod'),
    mom: doublePrecision('mom'),
    yoy: doublePrecision('yoy'),
    coverage: real('coverage').notNull(),
  },
  (t) => [primaryKey({ columns: [t.indexCode, t.regionId, t.day] })],
);

// ---- Data products (docs/commerce.md): the catalogue and who holds which region ----

export const dataProducts = pgTable('data_products', {
  code: text('code').primaryKey(), // OutProductCode
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionZh: text('description_zh').notNull(),
  descriptionEn: text('description_en').notNull(),
  /** The product group whose regional data it unlocks. */
  categoryCode: text('category_code')
    .notNull()
    .references(() => productCategories.code),
  /** Price of one region for `months` months, integer fen, before the member discount (the level's privileges). */
  pricePerRegionFen: integer('price_per_region_fen').notNull(),
  months: integer('months').notNull().default(12),
  /** Lowest membership rank allowed to buy it (0 = any logged-in user). */
  minRank: integer('min_rank').notNull().default(0),
  onSale: boolean('on_sale').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One row per user × data product × region; buying a held region again extends `endsAt` (an upsert on the unique key). */
export const userDataProductAuths = pgTable(
  'user_data_product_auths',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productCode: text('product_code')
      .notNull()
      .references(() => dataProducts.code),
    regionId: text('region_id')
      .notNull()
      .references(() => regions.id),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** The order that granted (or last extended) it. */
    sourceOrderId: text('source_order_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('udpa_user_product_region_uq').on(t.userId, t.productCode, t.regionId),
    index('udpa_user_ends_idx').on(t.userId, t.endsAt),
  ],
);

import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

// ---- Market data (product.md §2) ----

/** nation → province → city → market; `provinceId` is denormalised so market rows roll up without a recursive walk. */
export const regions = pgTable(
  'regions',
  {
    id: text('id').primaryKey(),
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
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    categoryCode: text('category_code').notNull().references(() => productCategories.code),
    unit: text('unit').notNull(), // kg | L
    isDemo: integer('is_demo').notNull().default(0),
  },
  (t) => [index('products_category_idx').on(t.categoryCode)],
);

export const dataSources = pgTable('data_sources', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
  licence: text('licence').notNull(),
  isDemo: integer('is_demo').notNull().default(0),
});

/** One price per product × market × day × flag × price type; the key is the upsert target of imports. */
export const priceObservations = pgTable(
  'price_observations',
  {
    productCode: text('product_code').notNull(),
    marketId: text('market_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    flag: text('flag').notNull(), // actual | forecast | aggregate
    priceType: text('price_type').notNull(), // wholesale | retail
    price: doublePrecision('price').notNull(),
    minPrice: doublePrecision('min_price'),
    maxPrice: doublePrecision('max_price'),
    volume: doublePrecision('volume'),
    sourceId: smallint('source_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.marketId, t.day, t.flag, t.priceType] }), index('price_obs_day_idx').on(t.day)],
);

/**
 * Derived: the daily price of a product in a nation/province (geometric mean of
 * its markets' actual prices), refreshed after every import so trend calls read
 * one row per day instead of aggregating markets per request.
 */
export const regionPrices = pgTable(
  'region_prices',
  {
    productCode: text('product_code').notNull(),
    regionId: text('region_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    priceType: text('price_type').notNull(),
    price: doublePrecision('price').notNull(),
    minPrice: doublePrecision('min_price'),
    maxPrice: doublePrecision('max_price'),
    markets: smallint('markets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.regionId, t.priceType, t.day] })],
);

/** Derived: each product × market × price type's latest actual price and the one before it (WebPrice). */
export const latestPrices = pgTable(
  'latest_prices',
  {
    productCode: text('product_code').notNull(),
    marketId: text('market_id').notNull(),
    priceType: text('price_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    price: doublePrecision('price').notNull(),
    prevPrice: doublePrecision('prev_price'),
    sourceId: smallint('source_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.marketId, t.priceType] })],
);

/** Derived: which sources a product's prices come from (provenance without scanning observations). */
export const productSources = pgTable(
  'product_sources',
  {
    productCode: text('product_code').notNull(),
    sourceId: smallint('source_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.sourceId] })],
);

export const indexDefinitions = pgTable('index_definitions', {
  code: text('code').primaryKey(),
  scope: text('scope').notNull(), // product | category | composite
  subject: text('subject'), // product or category code; null for composite
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  basePeriodStart: date('base_period_start', { mode: 'string' }),
  basePeriodEnd: date('base_period_end', { mode: 'string' }),
  equalWeights: integer('equal_weights').notNull().default(1),
  weights: jsonb('weights'),
});

export const indexValues = pgTable(
  'index_values',
  {
    indexCode: text('index_code').notNull(),
    regionId: text('region_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    level: doublePrecision('level').notNull(),
    dod: doublePrecision('dod'),
    mom: doublePrecision('mom'),
    yoy: doublePrecision('yoy'),
  },
  (t) => [primaryKey({ columns: [t.indexCode, t.regionId, t.day] })],
);

// ---- Data products (product.md §4; buying arrives with the commerce issue) ----

export const dataProducts = pgTable('data_products', {
  code: text('code').primaryKey(), // OutProductCode
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  categoryCode: text('category_code').notNull(), // the product group it unlocks
  pricePerRegionFen: integer('price_per_region_fen').notNull(),
  minRank: integer('min_rank').notNull().default(0),
});

export const userDataProductAuths = pgTable(
  'user_data_product_auths',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    productCode: text('product_code').notNull().references(() => dataProducts.code),
    regionId: text('region_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [index('udpa_user_idx').on(t.userId, t.productCode, t.regionId)],
);

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

/** ISO 3166-1 countries (data/geo/countries.csv): names, currency, and the root of their region tree once they have one. */
export const countries = pgTable('countries', {
  /** ISO 3166-1 alpha-3, e.g. CHN, BGD. */
  code: text('code').primaryKey(),
  iso2: text('iso2').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** ISO 4217 code of the country's currency: its prices are shown in it (or in USD). */
  currency: text('currency').notNull(),
  /** The nation region (regions.id) once the country has data. */
  regionId: text('region_id'),
  /** China first, then by name. */
  sort: integer('sort').notNull().default(1000),
});

/**
 * One tree per country: nation → province (admin1) → city (admin2) → market. `provinceId` and
 * `path` are denormalised so market rows roll up without a recursive walk: `path` holds the
 * numbers of every ancestor (nation first), which is what derived region prices group by.
 */
export const regions = pgTable(
  'regions',
  {
    id: text('id').primaryKey(),
    /** Compact key used by the price tables. */
    num: integer('num').notNull().unique(),
    countryCode: text('country_code').notNull(),
    parentId: text('parent_id'),
    level: text('level').notNull(), // nation | province (admin1) | city (admin2) | market
    provinceId: text('province_id'),
    path: integer('path').array().notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** An official code (GB/T 2260 for Chinese provinces). */
    code: text('code'),
    /** The source's own id of a market, e.g. `WFP VAM via HDX#2574` (the WFP market_id): a renamed market stays one. */
    sourceRef: text('source_ref').unique(),
    /** Other spellings sources use ("Nei Mongol"). */
    aliases: text('aliases').array(),
    lat: real('lat'),
    lon: real('lon'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('regions_parent_idx').on(t.parentId),
    index('regions_province_idx').on(t.provinceId, t.level),
    index('regions_country_idx').on(t.countryCode, t.level),
  ],
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
    /**
     * False for a commodity an import met that no mapping names: it was created under the source's
     * name (both languages) and waits for staff to map or merge it (data/catalogue/product-names.csv).
     */
    mapped: boolean('mapped').notNull().default(true),
    /**
     * The commodity as the price source names it ("Tomatoes (red)"), shown under our name where
     * they differ; null for a product no source named (the demo catalogue's).
     */
    sourceName: text('source_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('products_category_idx').on(t.categoryCode)],
);

/**
 * The mapping table: a commodity name as a source writes it (slugged: "Rice (Indica)" → rice-indica)
 * → our product, and/or the Chinese name of the product an import makes of that commodity
 * ("Tomatoes (red)" → 番茄（红）, docs/market-data.md "Names").
 */
export const productNames = pgTable('product_names', {
  name: text('name').primaryKey(),
  productCode: text('product_code').references(() => products.code, { onDelete: 'cascade' }),
  nameZh: text('name_zh'),
});

/** Packs as sources write them ("90 KG", "1 piece"): prices are stored per base unit, the pack kept for provenance. */
export const packs = pgTable('packs', {
  id: smallint('id').primaryKey(),
  label: text('label').notNull().unique(),
  unit: text('unit').notNull(), // kg | l | piece
  /** Base units in one pack: "90 KG" → 90, "500 G" → 0.5. */
  quantity: doublePrecision('quantity').notNull(),
});

export const dataSources = pgTable('data_sources', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
  licence: text('licence').notNull(),
  /** The line shown wherever the source's data appears, e.g. "Source: WFP VAM via HDX (CC BY-IGO)". */
  attribution: text('attribution').notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
  /** When a rates file of this source was last imported (prices keep theirs per country in product_sources). */
  importedAt: ts('imported_at'),
});

/**
 * One price per product × market × day × flag × price type × currency (a market may quote both its
 * own currency and USD); the key is the upsert target of imports. `price` is per base unit (the
 * product's unit) in `currency`; the price and pack as the source wrote them are kept beside it.
 */
export const priceObservations = pgTable('price_observations', observationColumns(), (t) => [
  primaryKey({ columns: [t.productNum, t.marketNum, t.day, t.flag, t.priceType, t.currency] }),
]);

/** The columns of a price observation (also those of an import's staging table). */
export function observationColumns() {
  return {
    productNum: smallint('product_num').notNull(),
    marketNum: integer('market_num').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    flag: smallint('flag').notNull(), // FLAG_CODE: actual | forecast | aggregate
    priceType: smallint('price_type').notNull(), // PRICE_TYPE_CODE: wholesale | retail
    /** ISO 4217. */
    currency: text('currency').notNull(),
    price: doublePrecision('price').notNull(),
    minPrice: doublePrecision('min_price'),
    maxPrice: doublePrecision('max_price'),
    volume: doublePrecision('volume'),
    sourceId: smallint('source_id').notNull(),
    /** The price of one pack as the source gave it, and the pack (packs.id). */
    sourcePrice: doublePrecision('source_price').notNull(),
    packId: smallint('pack_id').notNull(),
    /** The source's own USD price, per base unit, where it gives one (fx_rates are derived from these). */
    usdPrice: doublePrecision('usd_price'),
  };
}

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
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    price: doublePrecision('price').notNull(),
    minPrice: doublePrecision('min_price'),
    maxPrice: doublePrecision('max_price'),
    markets: smallint('markets').notNull(),
  },
  // The currency last: a text compared in every key would slow down the writes of the derived rows.
  (t) => [primaryKey({ columns: [t.productNum, t.regionNum, t.priceType, t.day, t.currency] })],
);

/** Derived: each product × market × price type's latest actual price and the one before it (WebPrice, PriceMenu). */
export const latestPrices = pgTable(
  'latest_prices',
  {
    productNum: smallint('product_num').notNull(),
    marketNum: integer('market_num').notNull(),
    priceType: smallint('price_type').notNull(),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    price: doublePrecision('price').notNull(),
    prevDay: date('prev_day', { mode: 'string' }),
    prevPrice: doublePrecision('prev_price'),
    sourceId: smallint('source_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productNum, t.marketNum, t.priceType, t.currency] })],
);

/**
 * Local currency units per US dollar in a month, per source (docs/market-data.md, "Exchange
 * rates"): published rates imported as data (the Federal Reserve's H.10), and rates implied by a
 * price source's own rows that give both prices (Σ local ÷ Σ USD over the month's rows, derived at
 * import). A page showing USD uses a currency's published rates where it has them, and says which.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    /** data_sources.id: the publisher of the rates, or the price source they are implied from. */
    sourceId: smallint('source_id').notNull(),
    rate: doublePrecision('rate').notNull(),
    /** The price rows an implied rate is computed from; null for a published rate. */
    rows: integer('rows'),
  },
  (t) => [primaryKey({ columns: [t.currency, t.sourceId, t.month] })],
);

/**
 * Derived: which sources a product's prices come from in each country, and when (provenance
 * without scanning observations). Per country because one canonical product (rice) can come from
 * the demo generator in China and from WFP in Bangladesh: a page names only its country's sources.
 */
export const productSources = pgTable(
  'product_sources',
  {
    productNum: smallint('product_num').notNull(),
    countryCode: text('country_code').notNull(),
    sourceId: smallint('source_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    /** When an import last read this source's prices of the product in the country (the data status page). */
    importedAt: ts('imported_at'),
  },
  (t) => [primaryKey({ columns: [t.productNum, t.countryCode, t.sourceId] })],
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

/** Price indexes (docs/market-data.md), per country: what each one covers and its base period; rewritten by every index refresh of the country. */
export const indexDefinitions = pgTable(
  'index_definitions',
  {
    countryCode: text('country_code').notNull(),
    code: text('code').notNull(), // composite | cat:<category> | prod:<product>
    /** The prices it is computed from: this price type in the country's currency. */
    priceType: smallint('price_type').notNull(),
    currency: text('currency').notNull(),
    scope: text('scope').notNull(), // product | category | composite
    subject: text('subject'), // product or category code; null for composite
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    granularity: text('granularity').notNull(), // day | month
    basePeriodStart: date('base_period_start', { mode: 'string' }).notNull(),
    basePeriodEnd: date('base_period_end', { mode: 'string' }).notNull(),
    equalWeights: boolean('equal_weights').notNull(),
    /** Product code → weight (sums to 1) for category and composite indexes. */
    weights: jsonb('weights').$type<Record<string, number>>(),
    /** Regions the index is published for (the nation and its provinces). */
    regionIds: jsonb('region_ids').$type<string[]>().notNull(),
    sort: integer('sort').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.code] })],
);

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

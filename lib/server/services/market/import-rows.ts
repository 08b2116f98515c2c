import 'server-only';
import { sql } from 'drizzle-orm';
import { query, type Db, type Tx } from '../../db/client';
import { PRODUCT_BY_CODE } from '../../market/products';
import { CATEGORY_CODES, CATEGORY_NAMES, type NormalisedObservation } from '../../market/types';

export const NATION_ID = 'cn';
const BATCH = 5000;

export type ImportCounts = { inserted: number; updated: number; unchanged: number };

/** Categories, products, regions and sources that the rows reference, upserted first. */
async function upsertReferences(tx: Tx, rows: NormalisedObservation[]) {
  await tx.execute(sql`INSERT INTO product_categories (code, name_zh, name_en, sort)
    SELECT * FROM unnest(${CATEGORY_CODES as unknown as string[]}::text[], ${CATEGORY_CODES.map((c) => CATEGORY_NAMES[c].zh)}::text[], ${CATEGORY_CODES.map((c) => CATEGORY_NAMES[c].en)}::text[], ${CATEGORY_CODES.map((_, i) => i)}::int[])
    ON CONFLICT (code) DO NOTHING`);
  await tx.execute(sql`INSERT INTO regions (id, parent_id, level, province_id, name_zh, name_en) VALUES (${NATION_ID}, NULL, 'nation', NULL, '全国', 'China (national)') ON CONFLICT (id) DO NOTHING`);

  const products = new Map<string, NormalisedObservation>();
  const provinces = new Map<string, NormalisedObservation>();
  const markets = new Map<string, NormalisedObservation>();
  const sources = new Map<string, NormalisedObservation>();
  for (const r of rows) {
    if (!products.has(r.productCode)) products.set(r.productCode, r);
    if (!provinces.has(r.provinceCode)) provinces.set(r.provinceCode, r);
    if (!markets.has(r.marketCode)) markets.set(r.marketCode, r);
    if (!sources.has(r.source)) sources.set(r.source, r);
  }
  const ps = [...products.values()];
  await tx.execute(sql`INSERT INTO products (code, name_zh, name_en, category_code, unit, is_demo)
    SELECT * FROM unnest(${ps.map((p) => p.productCode)}::text[], ${ps.map((p) => p.productNameZh ?? PRODUCT_BY_CODE.get(p.productCode)?.zh ?? p.productNameEn)}::text[],
      ${ps.map((p) => p.productNameEn)}::text[], ${ps.map((p) => p.category)}::text[], ${ps.map((p) => p.unit)}::text[], ${ps.map((p) => (p.licence === 'demo' ? 1 : 0))}::int[])
    ON CONFLICT (code) DO NOTHING`);
  const pr = [...provinces.values()];
  await tx.execute(sql`INSERT INTO regions (id, parent_id, level, province_id, name_zh, name_en, sort)
    SELECT id, ${NATION_ID}, 'province', id, zh, en, sort FROM unnest(${pr.map((p) => p.provinceCode)}::text[], ${pr.map((p) => p.provinceZh)}::text[], ${pr.map((p) => p.provinceEn)}::text[], ${pr.map((p) => p.provinceAdcode)}::int[]) AS t(id, zh, en, sort)
    ON CONFLICT (id) DO NOTHING`);
  const ms = [...markets.values()];
  await tx.execute(sql`INSERT INTO regions (id, parent_id, level, province_id, name_zh, name_en, lat, lon)
    SELECT id, prov, 'market', prov, zh, en, lat, lon FROM unnest(${ms.map((m) => m.marketCode)}::text[], ${ms.map((m) => m.provinceCode)}::text[],
      ${ms.map((m) => m.marketNameZh ?? m.marketName)}::text[], ${ms.map((m) => m.marketName)}::text[], ${ms.map((m) => m.lat)}::real[], ${ms.map((m) => m.lon)}::real[]) AS t(id, prov, zh, en, lat, lon)
    ON CONFLICT (id) DO NOTHING`);
  const ids = new Map<string, number>();
  for (const s of sources.values()) {
    await tx.execute(sql`INSERT INTO data_sources (id, name, licence, is_demo)
      VALUES ((SELECT coalesce(max(id), 0) + 1 FROM data_sources), ${s.source}, ${s.licence}, ${s.licence === 'demo' ? 1 : 0})
      ON CONFLICT (name) DO NOTHING`);
    const [row] = await query<{ id: number }>(tx, sql`SELECT id FROM data_sources WHERE name = ${s.source}`);
    ids.set(s.source, Number(row!.id));
  }
  return ids;
}

/**
 * Upserts observations keyed by product × market × day × flag × price type.
 * A row equal to what is stored is left alone, so re-importing a file changes nothing.
 */
export async function importObservations(tx: Tx, rows: NormalisedObservation[]): Promise<ImportCounts> {
  const counts: ImportCounts = { inserted: 0, updated: 0, unchanged: 0 };
  if (!rows.length) return counts;
  const sourceIds = await upsertReferences(tx, rows);
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    const res = await query<{ inserted: boolean | string }>(tx, sql`
      INSERT INTO price_observations (product_code, market_id, day, flag, price_type, price, min_price, max_price, volume, source_id)
      SELECT * FROM unnest(${b.map((r) => r.productCode)}::text[], ${b.map((r) => r.marketCode)}::text[], ${b.map((r) => r.date)}::date[],
        ${b.map((r) => r.flag)}::text[], ${b.map((r) => r.priceType)}::text[], ${b.map((r) => r.price)}::float8[],
        ${b.map((r) => (r.minFen === null ? null : r.minFen / 100))}::float8[], ${b.map((r) => (r.maxFen === null ? null : r.maxFen / 100))}::float8[],
        ${b.map((r) => r.volume)}::float8[], ${b.map((r) => sourceIds.get(r.source)!)}::int2[])
      ON CONFLICT (product_code, market_id, day, flag, price_type) DO UPDATE SET
        price = excluded.price, min_price = excluded.min_price, max_price = excluded.max_price, volume = excluded.volume, source_id = excluded.source_id
      WHERE (price_observations.price, price_observations.min_price, price_observations.max_price, price_observations.volume, price_observations.source_id)
        IS DISTINCT FROM (excluded.price, excluded.min_price, excluded.max_price, excluded.volume, excluded.source_id)
      RETURNING (xmax = 0) AS inserted`);
    const ins = res.filter((r) => r.inserted === true || r.inserted === 't').length;
    counts.inserted += ins;
    counts.updated += res.length - ins;
    counts.unchanged += b.length - res.length;
  }
  return counts;
}

/** Rebuilds the nation and province daily prices of the given products from actual market prices. */
export async function refreshRegionPrices(tx: Tx, productCodes: string[]) {
  if (!productCodes.length) return;
  await tx.execute(sql`DELETE FROM region_prices WHERE product_code = ANY(${productCodes}::text[])`);
  for (const level of ['province', 'nation'] as const) {
    const regionExpr = level === 'nation' ? sql`${NATION_ID}` : sql`r.province_id`;
    await tx.execute(sql`
      INSERT INTO region_prices (product_code, region_id, day, price_type, price, min_price, max_price, markets)
      SELECT o.product_code, ${regionExpr}, o.day, o.price_type, exp(avg(ln(o.price))), min(o.price), max(o.price), count(*)
      FROM price_observations o JOIN regions r ON r.id = o.market_id
      WHERE o.flag = 'actual' AND o.price > 0 AND o.product_code = ANY(${productCodes}::text[])
      GROUP BY o.product_code, ${regionExpr}, o.day, o.price_type`);
  }
  await tx.execute(sql`DELETE FROM latest_prices WHERE product_code = ANY(${productCodes}::text[])`);
  await tx.execute(sql`INSERT INTO latest_prices (product_code, market_id, price_type, day, price, prev_price, source_id)
    SELECT product_code, market_id, price_type, day, price, prev, source_id FROM (
      SELECT product_code, market_id, price_type, day, price, source_id,
        lead(price) OVER w AS prev, row_number() OVER w AS rn
      FROM price_observations WHERE flag = 'actual' AND product_code = ANY(${productCodes}::text[])
      WINDOW w AS (PARTITION BY product_code, market_id, price_type ORDER BY day DESC)
    ) t WHERE rn = 1`);
  await tx.execute(sql`DELETE FROM product_sources WHERE product_code = ANY(${productCodes}::text[])`);
  await tx.execute(sql`INSERT INTO product_sources (product_code, source_id, first_day, last_day)
    SELECT product_code, source_id, min(day), max(day) FROM price_observations
    WHERE product_code = ANY(${productCodes}::text[]) GROUP BY product_code, source_id`);
}

export type { Db };

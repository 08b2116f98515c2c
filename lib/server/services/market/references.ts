import 'server-only';
import { sql } from 'drizzle-orm';
import { arr } from '../../db/sql-array';
import { NATION_ID } from '../../market/codes';
import { query, type Tx } from '../../db/client';
import { DEMO_LICENCE, DEMO_SOURCE } from '../../market/demo-series';
import { PRODUCT_BY_CODE } from '../../market/products';
import { CATEGORY_CODES, CATEGORY_NAMES, type NormalisedObservation } from '../../market/types';
import { WFP_ATTRIBUTION, WFP_SOURCE } from '../../market/wfp';

export const NATION_NAMES = { zh: '全国', en: 'China (national)' } as const;

/** The line shown next to a source's figures (docs/market-data.md: provenance on every figure). */
export function attributionOf(source: string, licence: string): string {
  if (source === WFP_SOURCE) return WFP_ATTRIBUTION;
  if (source === DEMO_SOURCE || licence === DEMO_LICENCE) return 'Demo data (generated), not observations';
  return `Source: ${source} (${licence})`;
}

/** Compact numbers by public code; a market maps to [its number, its province's number]. */
export type RefMaps = {
  product: Map<string, number>;
  market: Map<string, [number, number]>;
  source: Map<string, number>;
};

/**
 * Categories, products, provinces, markets and sources referenced by imported rows, upserted the
 * first time a batch mentions them (existing rows are kept: a re-import never renames anything),
 * with the compact numbers the price tables use.
 */
export class References {
  private readonly products = new Map<string, number>();
  private readonly provinces = new Set<string>();
  private readonly markets = new Map<string, [number, number]>();
  private readonly sourceIds = new Map<string, number>();
  private basics = false;

  /** The numbers of everything `rows` reference, upserting what was not seen yet. */
  async upsert(tx: Tx, rows: readonly NormalisedObservation[]): Promise<RefMaps> {
    if (!this.basics) {
      this.basics = true;
      // Numbers are taken as max + 1 under these locks, so concurrent imports cannot collide.
      await tx.execute(sql`LOCK TABLE products, regions, data_sources IN SHARE ROW EXCLUSIVE MODE`);
      await tx.execute(sql`INSERT INTO product_categories (code, name_zh, name_en, sort)
        SELECT * FROM unnest(${arr([...CATEGORY_CODES])}::text[], ${arr(CATEGORY_CODES.map((c) => CATEGORY_NAMES[c].zh))}::text[],
          ${arr(CATEGORY_CODES.map((c) => CATEGORY_NAMES[c].en))}::text[], ${arr(CATEGORY_CODES.map((_, i) => i))}::int[])
        ON CONFLICT (code) DO NOTHING`);
      await tx.execute(sql`INSERT INTO regions (id, num, parent_id, level, province_id, name_zh, name_en)
        VALUES (${NATION_ID}, 1, NULL, 'nation', NULL, ${NATION_NAMES.zh}, ${NATION_NAMES.en}) ON CONFLICT (id) DO NOTHING`);
    }
    const products = new Map<string, NormalisedObservation>();
    const provinces = new Map<string, NormalisedObservation>();
    const markets = new Map<string, NormalisedObservation>();
    const sources = new Map<string, NormalisedObservation>();
    for (const r of rows) {
      if (!this.products.has(r.productCode) && !products.has(r.productCode)) products.set(r.productCode, r);
      if (!this.provinces.has(r.provinceCode) && !provinces.has(r.provinceCode)) provinces.set(r.provinceCode, r);
      if (!this.markets.has(r.marketCode) && !markets.has(r.marketCode)) markets.set(r.marketCode, r);
      if (!this.sourceIds.has(r.source) && !sources.has(r.source)) sources.set(r.source, r);
    }
    if (products.size) {
      const ps = [...products.values()];
      await tx.execute(sql`INSERT INTO products (code, num, name_zh, name_en, category_code, unit, is_demo)
        SELECT t.code, (SELECT coalesce(max(num), 0) FROM products) + row_number() OVER (), t.zh, t.en, t.cat, t.unit, t.demo FROM unnest(${arr(ps.map((p) => p.productCode))}::text[],
          ${arr(ps.map((p) => p.productNameZh ?? PRODUCT_BY_CODE.get(p.productCode)?.zh ?? p.productNameEn))}::text[],
          ${arr(ps.map((p) => PRODUCT_BY_CODE.get(p.productCode)?.en ?? p.productNameEn))}::text[], ${arr(ps.map((p) => p.category))}::text[],
          ${arr(ps.map((p) => p.unit))}::text[], ${arr(ps.map((p) => p.licence === DEMO_LICENCE))}::bool[]) AS t(code, zh, en, cat, unit, demo)
        WHERE NOT EXISTS (SELECT 1 FROM products x WHERE x.code = t.code)`);
      const got = await query<{ code: string; num: number }>(
        tx,
        sql`SELECT code, num FROM products WHERE code = ANY(${arr([...products.keys()])}::text[])`,
      );
      for (const r of got) this.products.set(r.code, Number(r.num));
    }
    if (provinces.size) {
      const pr = [...provinces.values()];
      await tx.execute(sql`INSERT INTO regions (id, num, parent_id, level, province_id, name_zh, name_en, sort)
        SELECT id, (SELECT max(num) FROM regions) + row_number() OVER (), ${NATION_ID}, 'province', id, zh, en, sort
        FROM unnest(${arr(pr.map((p) => p.provinceCode))}::text[], ${arr(pr.map((p) => p.provinceZh))}::text[], ${arr(pr.map((p) => p.provinceEn))}::text[],
          ${arr(pr.map((p) => p.provinceAdcode))}::int[]) AS t(id, zh, en, sort)
        WHERE NOT EXISTS (SELECT 1 FROM regions x WHERE x.id = t.id)`);
      for (const k of provinces.keys()) this.provinces.add(k);
    }
    if (markets.size) {
      const ms = [...markets.values()];
      await tx.execute(sql`INSERT INTO regions (id, num, parent_id, level, province_id, name_zh, name_en, lat, lon)
        SELECT id, (SELECT max(num) FROM regions) + row_number() OVER (), prov, 'market', prov, zh, en, lat, lon
        FROM unnest(${arr(ms.map((m) => m.marketCode))}::text[], ${arr(ms.map((m) => m.provinceCode))}::text[], ${arr(ms.map((m) => m.marketNameZh ?? m.marketName))}::text[],
          ${arr(ms.map((m) => m.marketName))}::text[], ${arr(ms.map((m) => m.lat))}::real[], ${arr(ms.map((m) => m.lon))}::real[]) AS t(id, prov, zh, en, lat, lon)
        WHERE NOT EXISTS (SELECT 1 FROM regions x WHERE x.id = t.id)`);
      const got = await query<{ id: string; num: number; pnum: number }>(
        tx,
        sql`SELECT m.id, m.num, p.num AS pnum FROM regions m JOIN regions p ON p.id = m.province_id WHERE m.id = ANY(${arr([...markets.keys()])}::text[])`,
      );
      for (const r of got) this.markets.set(r.id, [Number(r.num), Number(r.pnum)]);
    }
    for (const s of sources.values()) {
      await tx.execute(sql`INSERT INTO data_sources (id, name, licence, attribution, is_demo)
        SELECT coalesce(max(id), 0) + 1, ${s.source}, ${s.licence}, ${attributionOf(s.source, s.licence)}, ${s.licence === DEMO_LICENCE} FROM data_sources
        ON CONFLICT (name) DO NOTHING`);
      const [row] = await query<{ id: number }>(tx, sql`SELECT id FROM data_sources WHERE name = ${s.source}`);
      if (!row) throw new Error(`internal: source ${s.source} was not stored`);
      this.sourceIds.set(s.source, Number(row.id));
    }
    return { product: this.products, market: this.markets, source: this.sourceIds };
  }
}

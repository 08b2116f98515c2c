import 'server-only';
import { sql } from 'drizzle-orm';
import type { MarketLang, ProductRef, Provenance } from '@/lib/api/schemas/market';
import { query, type Db } from '../../db/client';
import { arr } from '../../db/sql-array';
import { VersionedCache } from './cache';
import { fail } from '../../errors';
import type { RegionRef } from '../../access/market-policy';
import { msg } from '@/lib/i18n/server-messages';

export type Lang = MarketLang;
export const langOf = (l: string | undefined): Lang => (l === 'zh-CN' ? 'zh-CN' : 'en');
const pick = (lang: Lang, zh: string, en: string) => (lang === 'zh-CN' ? zh : en);

export type ProductRow = ProductRef & { num: number };
export type RegionRow = RegionRef & { num: number; name: string; parentId: string | null };

type ProductDb = {
  code: string;
  num: number;
  name_zh: string;
  name_en: string;
  unit: string;
  category_code: string;
  cat_zh: string;
  cat_en: string;
  is_demo: boolean;
};
export const PRODUCT_COLUMNS = sql`p.code, p.num, p.name_zh, p.name_en, p.unit, p.category_code, c.name_zh AS cat_zh, c.name_en AS cat_en, p.is_demo`;

export function toProductRef(p: Omit<ProductDb, 'num'>, lang: Lang): ProductRef {
  return {
    code: p.code,
    name: pick(lang, p.name_zh, p.name_en),
    unit: p.unit,
    categoryCode: p.category_code,
    categoryName: pick(lang, p.cat_zh, p.cat_en),
    demo: p.is_demo === true || String(p.is_demo) === 'true',
  };
}

type RegionDb = {
  id: string;
  num: number;
  parent_id: string | null;
  level: RegionRef['level'];
  province_id: string | null;
  name_zh: string;
  name_en: string;
};

/**
 * Products and regions as of the current data version. Only imports add or change them, and an
 * import moves the version, so every data call looks them up here instead of asking the database.
 */
type Snapshot = { products: Map<string, ProductDb>; regions: Map<string, RegionDb> };
const snapshots = new VersionedCache<Snapshot>(1);

function snapshot(db: Db): Promise<Snapshot> {
  return snapshots.get(db, 'catalogue', async () => {
    const [products, regions] = await Promise.all([
      query<ProductDb>(
        db,
        sql`SELECT ${PRODUCT_COLUMNS} FROM products p JOIN product_categories c ON c.code = p.category_code`,
      ),
      query<RegionDb>(db, sql`SELECT id, num, parent_id, level, province_id, name_zh, name_en FROM regions`),
    ]);
    return { products: new Map(products.map((p) => [p.code, p])), regions: new Map(regions.map((r) => [r.id, r])) };
  });
}

export async function loadProduct(db: Db, code: string, lang: Lang): Promise<ProductRow> {
  const p = (await snapshot(db)).products.get(code);
  if (!p) throw fail.notFound(msg('market.unknownProduct', { code }));
  return { ...toProductRef(p, lang), num: Number(p.num) };
}

/** The regions by id, in the order asked; an unknown id is a 404 naming it. */
export async function loadRegions(db: Db, ids: readonly string[], lang: Lang): Promise<RegionRow[]> {
  const { regions } = await snapshot(db);
  return ids.map((id) => {
    const r = regions.get(id);
    if (!r) throw fail.notFound(msg('market.unknownRegion', { id }));
    return {
      id: r.id,
      num: Number(r.num),
      level: r.level,
      provinceId: r.province_id,
      parentId: r.parent_id,
      name: pick(lang, r.name_zh, r.name_en),
    };
  });
}

export async function loadRegion(db: Db, id: string, lang: Lang): Promise<RegionRow> {
  const [r] = await loadRegions(db, [id], lang);
  if (!r) throw fail.notFound(msg('market.unknownRegion', { id }));
  return r;
}

type SourceDb = { name: string; licence: string; attribution: string; is_demo: boolean };
const toSource = (r: SourceDb) => ({
  name: r.name,
  licence: r.licence,
  attribution: r.attribution,
  demo: r.is_demo === true || String(r.is_demo) === 'true',
});

/** Sources of these products' prices that overlap the window (all of them without a window). */
export async function sourcesOf(db: Db, productNums: readonly number[], window?: { from: string; to: string }) {
  const rows = await query<SourceDb>(
    db,
    window
      ? sql`SELECT DISTINCT s.name, s.licence, s.attribution, s.is_demo FROM product_sources ps JOIN data_sources s ON s.id = ps.source_id
            WHERE ps.product_num = ANY(${arr([...productNums])}::int2[]) AND ps.first_day <= ${window.to}::date AND ps.last_day >= ${window.from}::date ORDER BY s.name`
      : sql`SELECT DISTINCT s.name, s.licence, s.attribution, s.is_demo FROM product_sources ps JOIN data_sources s ON s.id = ps.source_id
            WHERE ps.product_num = ANY(${arr([...productNums])}::int2[]) ORDER BY s.name`,
  );
  return rows.map(toSource);
}

export async function provenanceOf(
  db: Db,
  productNums: readonly number[],
  unit: string,
  asOf: string | null,
  window?: { from: string; to: string },
): Promise<Provenance> {
  return { sources: await sourcesOf(db, productNums, window), asOf, unit };
}

export async function allSources(db: Db) {
  return (await query<SourceDb>(db, sql`SELECT name, licence, attribution, is_demo FROM data_sources ORDER BY id`)).map(
    toSource,
  );
}

export { pick };

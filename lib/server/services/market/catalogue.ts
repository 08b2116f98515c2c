import 'server-only';
import { sql } from 'drizzle-orm';
import type { ProductRef, Provenance } from '@/lib/api/schemas/market';
import { query, type Db } from '../../db/client';
import { fail } from '../../errors';
import type { RegionRef } from '../../access/market-policy';

export type Lang = 'zh-CN' | 'en';
export type RegionRow = RegionRef & { name: string; parentId: string | null };

export async function loadProduct(db: Db, code: string, lang: Lang = 'en'): Promise<ProductRef> {
  const [p] = await query<{ code: string; name_zh: string; name_en: string; unit: string; category_code: string; cat_zh: string; cat_en: string; is_demo: number }>(
    db,
    sql`SELECT p.code, p.name_zh, p.name_en, p.unit, p.category_code, c.name_zh AS cat_zh, c.name_en AS cat_en, p.is_demo
        FROM products p JOIN product_categories c ON c.code = p.category_code WHERE p.code = ${code}`,
  );
  if (!p) throw fail.notFound(`Unknown product "${code}"`);
  return {
    code: p.code,
    name: lang === 'zh-CN' ? p.name_zh : p.name_en,
    unit: p.unit,
    categoryCode: p.category_code,
    categoryName: lang === 'zh-CN' ? p.cat_zh : p.cat_en,
    demo: Number(p.is_demo) === 1,
  };
}

export async function loadRegions(db: Db, ids: string[], lang: Lang = 'en'): Promise<RegionRow[]> {
  const rows = await query<{ id: string; parent_id: string | null; level: RegionRef['level']; province_id: string | null; name_zh: string; name_en: string }>(
    db,
    sql`SELECT id, parent_id, level, province_id, name_zh, name_en FROM regions WHERE id = ANY(${ids}::text[])`,
  );
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id);
    if (!r) throw fail.notFound(`Unknown region "${id}"`);
    return { id: r.id, level: r.level, provinceId: r.province_id, parentId: r.parent_id, name: lang === 'zh-CN' ? r.name_zh : r.name_en };
  });
}

export async function provenanceOf(db: Db, productCodes: string[], unit: string, asOf: string | null): Promise<Provenance> {
  const rows = await query<{ name: string; licence: string; is_demo: number }>(
    db,
    sql`SELECT DISTINCT s.name, s.licence, s.is_demo FROM product_sources ps JOIN data_sources s ON s.id = ps.source_id
        WHERE ps.product_code = ANY(${productCodes}::text[]) ORDER BY s.name`,
  );
  return { sources: rows.map((r) => ({ name: r.name, licence: r.licence, demo: Number(r.is_demo) === 1 })), asOf, unit };
}

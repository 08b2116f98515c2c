import 'server-only';
import { sql } from 'drizzle-orm';
import type { ProductRef, RegionNode, WebPriceDTO } from '@/lib/api/schemas/market';
import { query, type Db } from '../../db/client';
import type { Lang } from './catalogue';
import { NATION_ID } from './import-rows';

type ProductRow = { code: string; name_zh: string; name_en: string; unit: string; category_code: string; cat_zh: string; cat_en: string; is_demo: number };
const toRef = (p: ProductRow, lang: Lang): ProductRef => ({
  code: p.code,
  name: lang === 'zh-CN' ? p.name_zh : p.name_en,
  unit: p.unit,
  categoryCode: p.category_code,
  categoryName: lang === 'zh-CN' ? p.cat_zh : p.cat_en,
  demo: Number(p.is_demo) === 1,
});

/** Products with prices in a region (nation/province from region_prices; a market from its latest prices). */
export async function productsIn(db: Db, regionId: string | undefined, lang: Lang): Promise<ProductRef[]> {
  const rid = regionId || NATION_ID;
  const rows = await query<ProductRow>(
    db,
    sql`SELECT p.code, p.name_zh, p.name_en, p.unit, p.category_code, c.name_zh AS cat_zh, c.name_en AS cat_en, p.is_demo, c.sort
        FROM products p JOIN product_categories c ON c.code = p.category_code
        WHERE EXISTS (SELECT 1 FROM latest_prices lp JOIN regions r ON r.id = lp.market_id
                      WHERE lp.product_code = p.code AND (${rid} = ${NATION_ID} OR r.id = ${rid} OR r.province_id = ${rid}))
        ORDER BY c.sort, p.code`,
  );
  return rows.map((r) => toRef(r, lang));
}

export function groupByCategory(products: ProductRef[]) {
  const groups = new Map<string, { categoryCode: string; categoryName: string; products: ProductRef[] }>();
  for (const p of products) {
    const g = groups.get(p.categoryCode) ?? { categoryCode: p.categoryCode, categoryName: p.categoryName, products: [] };
    g.products.push(p);
    groups.set(p.categoryCode, g);
  }
  return [...groups.values()];
}

/** The region tree (nation → provinces → markets), or only the regions that have `productCode`. */
export async function regionTree(db: Db, lang: Lang, productCode?: string): Promise<RegionNode[]> {
  const rows = await query<{ id: string; parent_id: string | null; level: string; name_zh: string; name_en: string }>(
    db,
    productCode
      ? sql`SELECT r.id, r.parent_id, r.level, r.name_zh, r.name_en FROM regions r
            WHERE r.level = 'nation' OR r.id IN (SELECT lp.market_id FROM latest_prices lp WHERE lp.product_code = ${productCode})
               OR r.id IN (SELECT r2.province_id FROM latest_prices lp JOIN regions r2 ON r2.id = lp.market_id WHERE lp.product_code = ${productCode})
            ORDER BY r.sort, r.id`
      : sql`SELECT id, parent_id, level, name_zh, name_en FROM regions ORDER BY sort, id`,
  );
  const nodes = new Map<string, RegionNode>(rows.map((r) => [r.id, { id: r.id, name: lang === 'zh-CN' ? r.name_zh : r.name_en, level: r.level }]));
  const roots: RegionNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Latest price per product and market with its change (public; product.md §2). */
export async function webPrice(db: Db, lang: Lang): Promise<WebPriceDTO> {
  const rows = await query<ProductRow & { market_id: string; m_zh: string; m_en: string; p_zh: string; p_en: string; day: string; price: number; prev_price: number | null; price_type: 'wholesale' | 'retail'; source: string }>(
    db,
    sql`SELECT p.code, p.name_zh, p.name_en, p.unit, p.category_code, c.name_zh AS cat_zh, c.name_en AS cat_en, p.is_demo,
               lp.market_id, m.name_zh AS m_zh, m.name_en AS m_en, pr.name_zh AS p_zh, pr.name_en AS p_en,
               to_char(lp.day, 'YYYY-MM-DD') AS day, lp.price, lp.prev_price, lp.price_type, s.name AS source
        FROM latest_prices lp
        JOIN products p ON p.code = lp.product_code JOIN product_categories c ON c.code = p.category_code
        JOIN regions m ON m.id = lp.market_id LEFT JOIN regions pr ON pr.id = m.province_id
        JOIN data_sources s ON s.id = lp.source_id
        ORDER BY c.sort, p.code, lp.day DESC, m.id`,
  );
  const items = rows.map((r) => {
    const price = Number(r.price);
    const prev = r.prev_price === null ? null : Number(r.prev_price);
    const change = prev === null ? null : Math.round((price - prev) * 10000) / 10000;
    return {
      product: toRef(r, lang),
      marketId: r.market_id,
      marketName: lang === 'zh-CN' ? r.m_zh : r.m_en,
      provinceName: (lang === 'zh-CN' ? r.p_zh : r.p_en) ?? '',
      date: r.day,
      price,
      change,
      changePct: prev ? Math.round(((price - prev) / prev) * 10000) / 100 : null,
      priceType: r.price_type,
      source: r.source,
    };
  });
  const asOf = items.reduce<string | null>((m, i) => (m === null || i.date > m ? i.date : m), null);
  return { asOf, items };
}

import 'server-only';
import { sql } from 'drizzle-orm';
import {
  NATION_REGION_ID,
  type IndexMenuDTO,
  type PriceMenuDTO,
  type ProductsMenuDTO,
  type RegionNode,
} from '@/lib/api/schemas/market';
import { query, type Db } from '../../db/client';
import { ACTUAL, PRICE_TYPE_CODE } from '../../market/codes';
import { NATION_NUM } from './refresh';
import { allSources, loadRegion, pick, PRODUCT_COLUMNS, toProductRef, type Lang, type RegionRow } from './catalogue';

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
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Products with wholesale prices in a region and the span of their data there (menus are public). */
export async function productsMenu(db: Db, regionId: string | undefined, lang: Lang): Promise<ProductsMenuDTO> {
  const region = await loadRegion(db, regionId || NATION_REGION_ID, lang);
  const rows = await query<ProductDb & { lo: string | null; hi: string | null }>(
    db,
    region.level === 'market'
      ? sql`SELECT ${PRODUCT_COLUMNS}, to_char(s.lo, 'YYYY-MM-DD') AS lo, to_char(s.hi, 'YYYY-MM-DD') AS hi
            FROM (SELECT product_num, min(day) AS lo, max(day) AS hi FROM price_observations WHERE market_num = ${region.num} AND flag = ${ACTUAL} GROUP BY 1) s
            JOIN products p ON p.num = s.product_num JOIN product_categories c ON c.code = p.category_code ORDER BY c.sort, p.code`
      : sql`SELECT ${PRODUCT_COLUMNS}, to_char(s.lo, 'YYYY-MM-DD') AS lo, to_char(s.hi, 'YYYY-MM-DD') AS hi
            FROM products p JOIN product_categories c ON c.code = p.category_code
            CROSS JOIN LATERAL (
              SELECT (SELECT min(day) FROM region_prices r WHERE r.product_num = p.num AND r.region_num = ${region.num} AND r.price_type = ${PRICE_TYPE_CODE.wholesale}) AS lo,
                     (SELECT max(day) FROM region_prices r WHERE r.product_num = p.num AND r.region_num = ${region.num} AND r.price_type = ${PRICE_TYPE_CODE.wholesale}) AS hi
            ) s
            WHERE s.hi IS NOT NULL ORDER BY c.sort, p.code`,
  );
  return rows.map((r) => ({ ...toProductRef(r, lang), from: r.lo, to: r.hi }));
}

/**
 * The latest price of each product in a region, with the change from the price before it:
 * nation and provinces from the derived region prices, a market from its own latest prices.
 */
export async function priceMenu(db: Db, region: RegionRow, lang: Lang): Promise<PriceMenuDTO> {
  type Row = ProductDb & { day: string; price: number; prev_day: string | null; prev_price: number | null };
  const rows = await query<Row>(
    db,
    region.level === 'market'
      ? sql`SELECT ${PRODUCT_COLUMNS}, to_char(l.day, 'YYYY-MM-DD') AS day, l.price, to_char(l.prev_day, 'YYYY-MM-DD') AS prev_day, l.prev_price
            FROM latest_prices l JOIN products p ON p.num = l.product_num JOIN product_categories c ON c.code = p.category_code
            WHERE l.market_num = ${region.num} AND l.price_type = ${PRICE_TYPE_CODE.wholesale} ORDER BY c.sort, p.code`
      : sql`SELECT ${PRODUCT_COLUMNS}, to_char(l.day, 'YYYY-MM-DD') AS day, l.price, to_char(l.prev_day, 'YYYY-MM-DD') AS prev_day, l.prev_price
            FROM products p JOIN product_categories c ON c.code = p.category_code
            CROSS JOIN LATERAL (
              SELECT day, price, lead(day) OVER w AS prev_day, lead(price) OVER w AS prev_price FROM region_prices r
              WHERE r.product_num = p.num AND r.region_num = ${region.num} AND r.price_type = ${PRICE_TYPE_CODE.wholesale}
              WINDOW w AS (ORDER BY day DESC) ORDER BY day DESC LIMIT 1
            ) l
            ORDER BY c.sort, p.code`,
  );
  const groups = new Map<string, PriceMenuDTO['categories'][number]>();
  let asOf: string | null = null;
  for (const r of rows) {
    const ref = toProductRef(r, lang);
    const price = Number(r.price);
    const prev = r.prev_price === null ? null : Number(r.prev_price);
    const g = groups.get(ref.categoryCode) ?? {
      categoryCode: ref.categoryCode,
      categoryName: ref.categoryName,
      products: [],
    };
    g.products.push({
      ...ref,
      latest: {
        date: r.day,
        price: round4(price),
        prevDate: r.prev_day,
        change: prev === null ? null : round4(price - prev),
        changePct: prev ? Math.round(((price - prev) / prev) * 10_000) / 100 : null,
      },
    });
    groups.set(ref.categoryCode, g);
    if (asOf === null || r.day > asOf) asOf = r.day;
  }
  return {
    regionId: region.id,
    regionName: region.name,
    asOf,
    categories: [...groups.values()],
    sources: await allSources(db),
  };
}

/** The indexes published for a region. */
export async function indexMenu(db: Db, regionId: string | undefined, lang: Lang): Promise<IndexMenuDTO> {
  const rid = regionId || NATION_REGION_ID;
  await loadRegion(db, rid, lang);
  const rows = await query<{
    code: string;
    scope: 'composite' | 'category' | 'product';
    subject: string | null;
    name_zh: string;
    name_en: string;
    granularity: 'day' | 'month';
    bs: string;
    be: string;
    equal_weights: boolean;
  }>(
    db,
    sql`SELECT code, scope, subject, name_zh, name_en, granularity, to_char(base_period_start, 'YYYY-MM-DD') AS bs, to_char(base_period_end, 'YYYY-MM-DD') AS be, equal_weights
        FROM index_definitions WHERE region_ids @> ${JSON.stringify([rid])}::jsonb ORDER BY sort, code`,
  );
  return rows.map((r) => ({
    code: r.code,
    name: pick(lang, r.name_zh, r.name_en),
    scope: r.scope,
    subject: r.subject,
    granularity: r.granularity,
    basePeriod: { start: r.bs, end: r.be },
    equalWeights: r.equal_weights === true || String(r.equal_weights) === 'true',
  }));
}

/** The region tree (nation → provinces → markets), or only the regions with prices of `productCode`. */
export async function regionTree(db: Db, lang: Lang, productCode?: string): Promise<RegionNode[]> {
  type Row = { id: string; parent_id: string | null; level: RegionNode['level']; name_zh: string; name_en: string };
  const rows = await query<Row>(
    db,
    productCode
      ? sql`SELECT r.id, r.parent_id, r.level, r.name_zh, r.name_en FROM regions r
            WHERE r.num IN (SELECT DISTINCT rp.region_num FROM region_prices rp JOIN products p ON p.num = rp.product_num WHERE p.code = ${productCode})
               OR r.num IN (SELECT l.market_num FROM latest_prices l JOIN products p ON p.num = l.product_num WHERE p.code = ${productCode})
            ORDER BY r.sort, r.id`
      : sql`SELECT id, parent_id, level, name_zh, name_en FROM regions ORDER BY sort, id`,
  );
  const nodes = new Map<string, RegionNode>(
    rows.map((r) => [r.id, { id: r.id, name: pick(lang, r.name_zh, r.name_en), level: r.level }]),
  );
  const roots: RegionNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else if (r.level === 'nation' || !r.parent_id) roots.push(node);
  }
  return roots;
}

export { NATION_NUM };

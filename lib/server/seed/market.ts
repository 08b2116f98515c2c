import 'server-only';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { query } from '../db/client';
import { DEMO_SOURCE, generateDemoSeries, MARKETS, DEMO_PRODUCTS } from '../market/demo-series';
import type { NormalisedObservation } from '../market/types';
import { importCsvFile, importRows, type ImportSummary } from '../services/market/import-file';
import { refreshIndexes } from '../services/market/index-refresh';
import { clearOffersCache } from '../services/market/viewer';

/** The real WFP file shipped in the repository (data/NOTICE.md: "Source: WFP VAM via HDX (CC BY-IGO)"). */
export const WFP_FILE = path.join(process.cwd(), 'data', 'wfp_food_prices_chn.csv');

/**
 * The generated history starts on a fixed day so every run draws the same prices for the same
 * days: re-seeding adds only the days since the last run and changes nothing else.
 */
export const DEMO_FROM = '2024-01-01';

/**
 * Demo markets, one per province, spread over the country. Each product is sold in four of the
 * six (so provinces differ in what they quote), which keeps the seed to ~150 k rows: the e2e
 * server seeds a fresh embedded database on every run.
 */
export const DEMO_MARKETS = [
  'beijing/xinfadi-wholesale-market',
  'shandong/shouguang-agricultural-logistics-park',
  'henan/zhengzhou-wanbang-logistics-city',
  'guangdong/guangzhou-jiangnan-market',
  'sichuan/chengdu-agricultural-products-centre',
  'heilongjiang/harbin-hada-wholesale-market',
] as const;

/** The markets of one product: four of the six, rotating with the product, Shandong always (the demo holder's province). */
export function demoMarketsFor(productIndex: number): string[] {
  return DEMO_MARKETS.filter((m, j) => j === 1 || (productIndex + j) % 3 !== 0).slice(0, 4);
}

/** Data products (docs/pricing.md): one per product group, sold per region for 12 months. Prices in fen. */
export const DATA_PRODUCTS = [
  {
    code: 'DP-GRAINS',
    categoryCode: 'grains',
    nameZh: '粮食区域数据',
    nameEn: 'Grain regional data',
    pricePerRegionFen: 198_000,
    minRank: 0,
    sort: 1,
  },
  {
    code: 'DP-VEGETABLES',
    categoryCode: 'vegetables',
    nameZh: '蔬菜区域数据',
    nameEn: 'Vegetable regional data',
    pricePerRegionFen: 298_000,
    minRank: 0,
    sort: 2,
  },
  {
    code: 'DP-FRUIT',
    categoryCode: 'fruit',
    nameZh: '水果区域数据',
    nameEn: 'Fruit regional data',
    pricePerRegionFen: 248_000,
    minRank: 0,
    sort: 3,
  },
  {
    code: 'DP-MEAT-POULTRY',
    categoryCode: 'meat-poultry',
    nameZh: '肉禽区域数据',
    nameEn: 'Meat & poultry regional data',
    pricePerRegionFen: 298_000,
    minRank: 1,
    sort: 4,
  },
  {
    code: 'DP-AQUATIC',
    categoryCode: 'aquatic',
    nameZh: '水产品区域数据',
    nameEn: 'Aquatic products regional data',
    pricePerRegionFen: 248_000,
    minRank: 0,
    sort: 5,
  },
  {
    code: 'DP-EGGS-DAIRY',
    categoryCode: 'eggs-dairy',
    nameZh: '蛋奶区域数据',
    nameEn: 'Eggs & dairy regional data',
    pricePerRegionFen: 168_000,
    minRank: 0,
    sort: 6,
  },
  {
    code: 'DP-OILS',
    categoryCode: 'oils',
    nameZh: '食用油区域数据',
    nameEn: 'Edible oils regional data',
    pricePerRegionFen: 168_000,
    minRank: 0,
    sort: 7,
  },
] as const;

/** Demo entitlements (README "Demo accounts"): a Gold member and a holder of one regional data product. */
export const DEMO_MEMBER = { phone: '13800000001', level: 'gold' } as const;
export const DEMO_HOLDER = { phone: '13800000004', product: 'DP-VEGETABLES', regionId: 'shandong' } as const;

export async function seedDataProducts(db: Db) {
  for (const p of DATA_PRODUCTS) {
    const descZh = `${p.nameZh}：所购省份及其各市场的完整价格历史（含全部单品），有效期 12 个月。`;
    const descEn = `${p.nameEn}: the full price history of every product in the group for the province bought and its markets, for 12 months.`;
    await db.execute(sql`INSERT INTO data_products (code, name_zh, name_en, description_zh, description_en, category_code, price_per_region_fen, months, min_rank, on_sale, sort)
      VALUES (${p.code}, ${p.nameZh}, ${p.nameEn}, ${descZh}, ${descEn}, ${p.categoryCode}, ${p.pricePerRegionFen}, 12, ${p.minRank}, true, ${p.sort})
      ON CONFLICT (code) DO UPDATE SET name_zh = excluded.name_zh, name_en = excluded.name_en, description_zh = excluded.description_zh,
        description_en = excluded.description_en, category_code = excluded.category_code, min_rank = excluded.min_rank, sort = excluded.sort`);
  }
  clearOffersCache();
}

/** Grants that last a year from the seed, added only when none is in force (re-seeding keeps them). */
async function seedGrants(db: Db, now: Date) {
  const yearOn = new Date(now.getTime() + 365 * 86_400_000).toISOString();
  const at = now.toISOString();
  await db.execute(sql`INSERT INTO user_memberships (user_id, level_id, starts_at, ends_at)
    SELECT u.id, l.id, ${at}::timestamptz, ${yearOn}::timestamptz FROM users u, member_levels l
    WHERE u.phone = ${DEMO_MEMBER.phone} AND l.code = ${DEMO_MEMBER.level}
      AND NOT EXISTS (SELECT 1 FROM user_memberships m WHERE m.user_id = u.id AND m.ends_at > ${at}::timestamptz)`);
  await db.execute(sql`INSERT INTO user_data_product_auths (user_id, product_code, region_id, starts_at, ends_at)
    SELECT u.id, ${DEMO_HOLDER.product}, ${DEMO_HOLDER.regionId}, ${at}::timestamptz, ${yearOn}::timestamptz FROM users u
    WHERE u.phone = ${DEMO_HOLDER.phone} AND EXISTS (SELECT 1 FROM regions WHERE id = ${DEMO_HOLDER.regionId})
    ON CONFLICT (user_id, product_code, region_id) DO UPDATE SET ends_at = greatest(user_data_product_auths.ends_at, excluded.ends_at)
      WHERE user_data_product_auths.ends_at <= ${at}::timestamptz`);
}

/** The demo history from the day after the last stored demo day up to `to`. */
function* demoRows(after: string | null, to: string): Generator<NormalisedObservation> {
  for (let i = 0; i < DEMO_PRODUCTS.length; i++) {
    const product = DEMO_PRODUCTS[i]!;
    const markets = demoMarketsFor(i).filter((m) => MARKETS.some((x) => x.code === m));
    for (const r of generateDemoSeries({ from: DEMO_FROM, to, products: [product.code], markets }))
      if (after === null || r.date > after) yield r;
  }
}

/**
 * `db:seed` market data: the real WFP file, a generated daily demo history up to today,
 * the indexes over both, the data-product catalogue and the demo entitlements. Idempotent.
 */
export async function seedMarket(db: Db, now = new Date(), opts: { demo?: boolean } = {}) {
  const today = now.toISOString().slice(0, 10);
  const wfp = await importCsvFile(db, WFP_FILE, { skipIndexes: true });
  const [last] = await query<{ d: string | null }>(
    db,
    sql`SELECT to_char(max(ps.last_day), 'YYYY-MM-DD') AS d FROM product_sources ps JOIN data_sources s ON s.id = ps.source_id WHERE s.name = ${DEMO_SOURCE}`,
  );
  const after = last?.d ?? null;
  let demo: ImportSummary | null = null;
  if (after === null || after < today) demo = await importRows(db, demoRows(after, today), { skipIndexes: true });
  const changed = wfp.inserted + wfp.updated + (demo ? demo.inserted + demo.updated : 0);
  const indexes = changed
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
        return refreshIndexes(tx);
      })
    : null;
  await seedDataProducts(db);
  // The demo numbers may belong to real people without the demo switch.
  if (opts.demo) await seedGrants(db, now);
  return {
    wfpRows: `${wfp.rows} (${wfp.inserted} new)`,
    demoRows: demo ? `${demo.rows} new (${demo.from} – ${demo.to})` : 'up to date',
    indexes: indexes ? `${indexes.definitions} indexes, ${indexes.values} values` : 'unchanged',
    dataProducts: DATA_PRODUCTS.length,
  };
}

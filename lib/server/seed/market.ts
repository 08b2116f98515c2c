import 'server-only';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { query } from '../db/client';
import {
  dataProducts,
  dataSources,
  memberLevels,
  productSources,
  regions,
  userDataProductAuths,
  userMemberships,
  users,
} from '../db/schema';
import { DEMO_SOURCE, demoMarkets, generateDemoSeries, demoProducts } from '../market/demo-series';
import type { SourceRow } from '../market/types';
import { importCsvFile, importRows, type ImportSummary } from '../services/market/import/pipeline';
import { importRatesFile } from '../services/market/import/fx-import';
import { refreshIndexes } from '../services/market/import/index-refresh';
import { clearOffersCache } from '../services/market/read/offers';
import { seedCatalogue } from './catalogue';

/** The real WFP files shipped in the repository (data/NOTICE.md: "Source: WFP VAM via HDX (CC BY-IGO)"). */
export const WFP_FILE = path.join(process.cwd(), 'data', 'wfp_food_prices_chn.csv');
export const WFP_BGD_FILE = path.join(process.cwd(), 'data', 'wfp_food_prices_bgd.csv');
/** Monthly exchange rates of the Federal Reserve's H.10 via FRED (data/NOTICE.md: public domain). */
export const FX_H10_FILE = path.join(process.cwd(), 'data', 'fx_fred_h10_monthly.csv');

/**
 * The generated history starts on a fixed day so every run draws the same prices for the same
 * days: re-seeding adds only the days since the last run and changes nothing else. It starts more
 * than three years back, so demo series carry anomaly levels (36 months needed: docs/market-data.md).
 */
export const DEMO_FROM = '2023-06-01';

/**
 * Demo markets, one per province, spread over the country. Each product is sold in four of the
 * six (so provinces differ in what they quote), which keeps the seed to ~180 k rows: the e2e
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
    const descZh = `${p.nameZh}：所购地区（一个省份，或一个国家的全部省份）及其各市场的完整价格历史（含全部单品），有效期 12 个月。`;
    const descEn = `${p.nameEn}: the full price history of every product in the group in the region bought (a province, or a whole country with all its provinces) and its markets, for 12 months.`;
    const values = {
      nameZh: p.nameZh,
      nameEn: p.nameEn,
      descriptionZh: descZh,
      descriptionEn: descEn,
      categoryCode: p.categoryCode,
      minRank: p.minRank,
      sort: p.sort,
    };
    await db
      .insert(dataProducts)
      .values({ code: p.code, ...values, pricePerRegionFen: p.pricePerRegionFen, months: 12, onSale: true })
      .onConflictDoUpdate({ target: dataProducts.code, set: values });
  }
  clearOffersCache();
}

/** Grants that last a year from the seed, added only when none is in force (re-seeding keeps them). */
async function seedGrants(db: Db, now: Date) {
  const yearOn = new Date(now.getTime() + 365 * 86_400_000).toISOString();
  const at = now.toISOString();
  const [m, l, u, a] = [userMemberships, memberLevels, users, userDataProductAuths];
  await db.execute(sql`INSERT INTO ${m} (${sql.identifier(m.userId.name)}, ${sql.identifier(m.levelId.name)}, ${sql.identifier(m.startsAt.name)}, ${sql.identifier(m.endsAt.name)})
    SELECT ${u.id}, ${l.id}, ${at}::timestamptz, ${yearOn}::timestamptz FROM ${u}, ${l}
    WHERE ${u.phone} = ${DEMO_MEMBER.phone} AND ${l.code} = ${DEMO_MEMBER.level}
      AND NOT EXISTS (SELECT 1 FROM ${m} WHERE ${m.userId} = ${u.id} AND ${m.endsAt} > ${at}::timestamptz)`);
  await db.execute(sql`INSERT INTO ${a} (${sql.identifier(a.userId.name)}, ${sql.identifier(a.productCode.name)}, ${sql.identifier(a.regionId.name)}, ${sql.identifier(a.startsAt.name)}, ${sql.identifier(a.endsAt.name)})
    SELECT ${u.id}, ${DEMO_HOLDER.product}, ${DEMO_HOLDER.regionId}, ${at}::timestamptz, ${yearOn}::timestamptz FROM ${u}
    WHERE ${u.phone} = ${DEMO_HOLDER.phone} AND EXISTS (SELECT 1 FROM ${regions} WHERE ${regions.id} = ${DEMO_HOLDER.regionId})
    ON CONFLICT (${sql.identifier(a.userId.name)}, ${sql.identifier(a.productCode.name)}, ${sql.identifier(a.regionId.name)})
    DO UPDATE SET ${sql.identifier(a.endsAt.name)} = greatest(${a.endsAt}, excluded.${sql.identifier(a.endsAt.name)})
      WHERE ${a.endsAt} <= ${at}::timestamptz`);
}

/** Rows in arrays of `n` (what an import takes). */
export function* inBatches<T>(rows: Iterable<T>, n = 10_000): Generator<T[]> {
  let b: T[] = [];
  for (const r of rows) {
    b.push(r);
    if (b.length >= n) {
      yield b;
      b = [];
    }
  }
  if (b.length) yield b;
}

/** The demo history from the day after the last stored demo day up to `to`. */
function* demoRows(after: string | null, to: string): Generator<SourceRow> {
  const products = demoProducts();
  const markets = demoMarkets();
  for (let i = 0; i < products.length; i++) {
    const mine = demoMarketsFor(i);
    for (const r of generateDemoSeries({
      from: DEMO_FROM,
      to,
      products: [products[i]!.code],
      markets: markets.filter((m) => mine.includes(m.code)),
    }))
      if (after === null || r.date > after) yield r;
  }
}

/**
 * `db:seed` market data: geography and catalogue, the real WFP files of China and Bangladesh, the
 * H.10 exchange rates, a
 * generated daily demo history of China up to today, the indexes over all of it, the
 * data-product catalogue and the demo entitlements. Idempotent.
 */
export async function seedMarket(db: Db, now = new Date(), opts: { demo?: boolean } = {}) {
  const today = now.toISOString().slice(0, 10);
  await seedCatalogue(db);
  // The seed's own files are known to be clean; their rejects (the BGD file's 1900-08-15 row) are not written into data/.
  const wfp = await importCsvFile(db, WFP_FILE, { skipIndexes: true, rejectsPath: null });
  const bgd = await importCsvFile(db, WFP_BGD_FILE, { skipIndexes: true, rejectsPath: null });
  const fx = await importRatesFile(db, FX_H10_FILE, { rejectsPath: null });
  const [last] = await query<{ d: string | null }>(
    db,
    sql`SELECT to_char(max(${productSources.lastDay}), 'YYYY-MM-DD') AS d FROM ${productSources} JOIN ${dataSources} ON ${dataSources.id} = ${productSources.sourceId} WHERE ${dataSources.name} = ${DEMO_SOURCE}`,
  );
  const after = last?.d ?? null;
  let demo: ImportSummary | null = null;
  if (after === null || after < today)
    demo = await importRows(db, inBatches(demoRows(after, today)), { skipIndexes: true });
  const changed = [wfp, bgd, demo].some((s) => s && s.inserted + s.updated > 0);
  const indexes = changed ? await db.transaction((tx) => refreshIndexes(tx)) : null;
  await seedDataProducts(db);
  // The demo numbers may belong to real people without the demo switch.
  if (opts.demo) await seedGrants(db, now);
  return {
    wfpRows: `${wfp.rows} (${wfp.inserted} new)`,
    bangladeshRows: `${bgd.rows} (${bgd.inserted} new, ${bgd.rejected} rejected)`,
    exchangeRates: `${fx.rows} (${fx.inserted} new)`,
    demoRows: demo ? `${demo.rows} new (${demo.from} – ${demo.to})` : 'up to date',
    indexes: indexes ? `${indexes.definitions} indexes, ${indexes.values} values` : 'unchanged',
    dataProducts: DATA_PRODUCTS.length,
  };
}

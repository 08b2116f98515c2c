// Issue 28 item 8 (docs/pricing.md "Current and archive regions", docs/market-data.md "Data
// status"): each region of a data product says what it holds before it is bought; a region whose
// prices ended over 92 days ago is sold as an archive, priced so by the server when the order is
// created; the public DataStatus call lists coverage, last price, last import and licence per
// country and source. Both databases (npm run test:pg).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { ARCHIVE_AFTER_DAYS, ARCHIVE_PRICE_PCT } from '@/lib/api/schemas/data-product';
import { getDb, query } from '@/lib/server/db/client';
import { DEMO_SOURCE, generateDemoSeries } from '@/lib/server/market/demo-series';
import { inBatches, seedDataProducts } from '@/lib/server/seed/market';
import { importRows } from '@/lib/server/services/market/import/pipeline';
import { call, ok } from '../support/api-client';
import { registerUser, seedCatalogue } from '../support/commerce';
import { daysAgo, TODAY } from '../support/market';

const VEG = 'DP-VEGETABLES';
const VEG_FEN = 298_000;
const ARCHIVE_FEN = Math.round((VEG_FEN * ARCHIVE_PRICE_PCT) / 100);
const CURRENT_MARKETS = ['shandong/shouguang-agricultural-logistics-park', 'henan/zhengzhou-wanbang-logistics-city'];
// Sichuan's prices end 10 days past the archive line: it is on sale only as an archive.
const ENDED = daysAgo(ARCHIVE_AFTER_DAYS + 10);
let importedAfter: Date;

beforeAll(async () => {
  await seedCatalogue();
  const db = await getDb();
  importedAfter = new Date(Date.now() - 1000);
  await importRows(
    db,
    inBatches(generateDemoSeries({ from: daysAgo(20), to: TODAY, products: ['tomato'], markets: CURRENT_MARKETS })),
    { skipIndexes: true },
  );
  await importRows(
    db,
    inBatches(
      generateDemoSeries({
        from: daysAgo(ARCHIVE_AFTER_DAYS + 40),
        to: ENDED,
        products: ['tomato', 'chinese-cabbage'],
        markets: ['sichuan/chengdu-agricultural-products-centre'],
      }),
    ),
    { skipIndexes: true },
  );
  await seedDataProducts(db);
}, 120_000);

async function vegRegions() {
  const list = await ok('QueryDataProductList');
  return list.find((p) => p.code === VEG)!;
}

describe('what a region of a data product holds, before checkout', () => {
  it('each region lists its products, first and last day, and each source with its rhythm and licence', async () => {
    const veg = await vegRegions();
    expect(veg.archivePricePerRegionFen).toBe(ARCHIVE_FEN);
    const shandong = veg.regions.find((r) => r.id === 'shandong')!;
    expect(shandong).toMatchObject({
      current: true,
      archiveUnits: 0,
      to: TODAY,
      products: [{ code: 'tomato' }],
      sources: [{ name: DEMO_SOURCE, demo: true, frequency: 'daily', to: TODAY }],
    });
    // The generator skips no day at a market: the first price is the first day asked for.
    expect(shandong.from).toBe(daysAgo(20));
    expect(shandong.sources[0]!.from).toBe(daysAgo(20));
  });

  it('a province whose prices ended over 92 days ago is an archive; the country counts it at the archive price', async () => {
    const veg = await vegRegions();
    const sichuan = veg.regions.find((r) => r.id === 'sichuan')!;
    expect(sichuan).toMatchObject({ current: false, archiveUnits: 1, units: 1, to: ENDED });
    expect(sichuan.products.map((p) => p.code).sort()).toEqual(['chinese-cabbage', 'tomato']);
    const cn = veg.regions.find((r) => r.id === 'cn')!;
    expect(cn).toMatchObject({ current: true, units: 3, archiveUnits: 1, to: TODAY });
    expect(cn.sources).toHaveLength(1);
    expect(cn.sources[0]).toMatchObject({ frequency: 'daily', from: daysAgo(ARCHIVE_AFTER_DAYS + 40), to: TODAY });
  });

  it('the buy model and the order are priced by the server: an archive province at 30 %, its line says archive', async () => {
    const u = await registerUser();
    const model = await ok('QueryDataProductBuyModelById', { token: u.token, query: { productId: VEG } });
    const price = Object.fromEntries(model.regions.map((r) => [r.id, r.listPriceFen]));
    expect(price).toMatchObject({ shandong: VEG_FEN, sichuan: ARCHIVE_FEN, cn: 2 * VEG_FEN + ARCHIVE_FEN });

    const r = await call('SubmitDataProductBuyOrder', {
      token: u.token,
      // A price from the client is ignored: the server reads the region's state when it creates the order.
      body: { productId: VEG, regionIds: ['sichuan', 'shandong'], amountFen: 1 } as never,
    });
    expect(r.body.code).toBe(1);
    const o = r.body.data!;
    expect(o.amountFen).toBe(VEG_FEN + ARCHIVE_FEN);
    const line = (ref: string) => o.lines.find((l) => l.ref === ref)!;
    expect(line('sichuan')).toMatchObject({ amountFen: ARCHIVE_FEN });
    expect(line('sichuan').labelEn).toContain(`(archive to ${ENDED})`);
    expect(line('sichuan').labelZh).toContain(`历史数据，至 ${ENDED}`);
    expect(line('shandong').labelEn).not.toContain('archive');
  });
});

describe('DataStatus: the public data status page', () => {
  it('answers a visitor without a session, per country and source: coverage, markets, products, rhythm, last price, last import, licence', async () => {
    const status = await ok('DataStatus', { query: { lang: 'en' } });
    expect(status).toMatchObject({ asOf: TODAY, currentDays: ARCHIVE_AFTER_DAYS });
    const chn = status.prices.filter((p) => p.countryCode === 'CHN');
    expect(chn).toHaveLength(1);
    expect(chn[0]).toMatchObject({
      country: 'China',
      currency: 'CNY',
      source: { name: DEMO_SOURCE, demo: true },
      from: daysAgo(ARCHIVE_AFTER_DAYS + 40),
      to: TODAY,
      products: 2,
      markets: 3,
      frequency: 'daily',
      current: true,
    });
    expect(chn[0]!.source.licence).not.toBe('');
    expect(chn[0]!.source.attribution).not.toBe('');
    // The import above recorded when it read the source.
    expect(Date.parse(chn[0]!.lastImport!)).toBeGreaterThanOrEqual(importedAfter.getTime());

    const zh = await ok('DataStatus', { query: { lang: 'zh-CN' } });
    expect(zh.prices.find((p) => p.countryCode === 'CHN')!.country).toBe('中国');
  });

  it('counts markets as the About page does, and shows only the currencies of countries with prices', async () => {
    const db = await getDb();
    const [row] = await query<{ n: string }>(
      db,
      sql`SELECT count(DISTINCT l.market_num) AS n FROM latest_prices l JOIN regions r ON r.num = l.market_num WHERE r.country_code = 'CHN'`,
    );
    const status = await ok('DataStatus', { query: { lang: 'en' } });
    expect(status.prices.find((p) => p.countryCode === 'CHN')!.markets).toBe(Number(row!.n));
    const shown = new Set(status.prices.map((p) => p.currency));
    expect(status.rates.every((r) => shown.has(r.currency))).toBe(true);
  });

  it('refuses an unknown language with the envelope, not a 500', async () => {
    const r = await call('DataStatus', { query: { lang: 'xx' } as never });
    expect(r.status).toBeLessThan(500);
    expect(r.body.code).not.toBe(1);
  });
});

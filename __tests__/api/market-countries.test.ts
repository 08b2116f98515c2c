// The open data model end to end, on the embedded database and (npm run test:pg) on PostgreSQL:
// Bangladesh's real WFP file (the newer HDX layout), a third country's file made up here in the
// older layout (any WFP country must import with no code change), unknown commodities, bad rows
// and the threshold, prices in the local currency or USD, indexes per country, and the access
// policy and data products on a country that is not China.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PriceTrendBody, PriceTrendDTO, RegionNode } from '@/lib/api/schemas/market';
import { ARCHIVE_PRICE_PCT } from '@/lib/api/schemas/data-product';
import { getDb, query } from '@/lib/server/db/client';
import { WFP_BGD_FILE, WFP_FILE, seedDataProducts } from '@/lib/server/seed/market';
import { importCsvFile, ImportRejected, type ImportSummary } from '@/lib/server/services/market/import/pipeline';
import { newStaff } from '../support/accounts';
import { call, ok } from '../support/api-client';
import { grantDataProduct, newUser, platinumMember } from '../support/market';

const dir = mkdtempSync(path.join(tmpdir(), 'market-countries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bgdFile = path.join(dir, 'wfp_food_prices_bgd.csv');

let platinum = '';
let first: ImportSummary;
let second: ImportSummary;
beforeAll(async () => {
  platinum = await platinumMember();
  copyFileSync(WFP_BGD_FILE, bgdFile);
  const db = await getDb();
  await importCsvFile(db, WFP_FILE, { rejectsPath: null });
  first = await importCsvFile(db, bgdFile);
  second = await importCsvFile(db, bgdFile);
  await seedDataProducts(db);
}, 240_000);

const trend = async (body: PriceTrendBody, token = platinum) =>
  (await call('PriceTrend', { body, token })).body as { code: number; msg: string; data: PriceTrendDTO };

/** Region ids of a tree, depth first. */
const ids = (nodes: RegionNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);

describe("Bangladesh's WFP file (market_id and commodity_id columns)", () => {
  it('imports its good rows, counts them by flag, rejects the 1900-08-15 row (line 3), and changes nothing the second time', () => {
    expect(first).toMatchObject({
      format: 'wfp',
      rows: 23_966,
      inserted: 23_965,
      rejected: 1,
      flags: { actual: 15_026, aggregate: 8_937, 'actual,aggregate': 3 },
      zeroForecasts: 0,
      countries: ['BGD'],
      markets: 76,
      products: 72,
      from: '1998-07-15',
      to: '2025-06-15',
    });
    expect(first.rejects).toEqual([
      expect.objectContaining({ line: 3, reason: expect.stringContaining('1900-08-15 is not a plausible price date') }),
    ]);
    const rejects = readFileSync(path.join(dir, 'wfp_food_prices_bgd.rejects.csv'), 'utf8').trim().split('\n');
    expect(rejects[0]).toBe('line,reason,record');
    expect(rejects[1]).toMatch(/^3,date: 1900-08-15 is not a plausible price date.*,"1900-08-15,Chittagong,/);
    expect(rejects).toHaveLength(2);
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 23_965, rejected: 1, indexes: null });
  });

  it('keeps the source price, pack and USD price beside the price per kg, in BDT', async () => {
    const rows = await query<{ price: number; source_price: number; label: string; usd: number; currency: string }>(
      await getDb(),
      sql`SELECT o.price, o.source_price, k.label, o.usd_price AS usd, o.currency FROM price_observations o
          JOIN packs k ON k.id = o.pack_id JOIN regions m ON m.num = o.market_num JOIN products p ON p.num = o.product_num
          WHERE m.source_ref = 'WFP VAM via HDX#2574' AND p.code = 'wheat' AND o.day = '1998-07-15'`,
    );
    // "1998-07-15,Dhaka,…,Wheat,84,100 KG,actual,Wholesale,BDT,1055.6,15.41"
    expect(rows).toEqual([
      { price: 10.556, source_price: 1055.6, label: '100 KG', usd: expect.closeTo(0.1541, 10), currency: 'BDT' },
    ]);
  });

  it('creates each commodity no mapping names as an unmapped product under its own name, listed for staff', async () => {
    expect(first.newProducts).toContainEqual({
      code: 'rice-brri-28',
      name: 'Rice (BRRI-28)',
      category: 'grains',
      unit: 'kg',
      country: 'BGD',
    });
    // "Wheat" and "Wheat flour" are in the mapping table: they join the catalogue's products.
    expect(first.newProducts.map((p) => p.name)).not.toContain('Wheat');
    // "Milk" is not the generated demo series whose code is milk: real prices are never labelled demo.
    expect(first.newProducts).toContainEqual(expect.objectContaining({ code: 'milk-bgd', name: 'Milk' }));
    const staff = await newStaff(['data']);
    const list = await ok('UnmappedProducts', { token: staff.token });
    expect(list.find((p) => p.code === 'rice-brri-28')).toMatchObject({
      name: 'Rice (BRRI-28)',
      countries: ['BGD'],
      sources: ['WFP VAM via HDX'],
    });
    expect(list.find((p) => p.code === 'rice-brri-28')!.rows).toBe(24);
    expect(list.some((p) => p.code === 'wheat')).toBe(false);
    expect((await call('UnmappedProducts', { token: platinum })).body).toMatchObject({ code: 403 });
  });

  it('is one country among others: its own tree, menus in BDT, China first', async () => {
    const countries = await ok('CountryMenu', { query: { lang: 'en' } });
    expect(countries.map((c) => c.code)).toEqual(['CHN', 'BGD']);
    expect(countries[1]).toMatchObject({
      name: 'Bangladesh',
      currency: 'BDT',
      regionId: 'bgd',
      markets: 76,
      usd: true,
    });
    const tree = await ok('GetRegion', { body: { country: 'BGD', productCode: 'rice-brri-28' } });
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 'bgd', level: 'nation', name: 'Bangladesh (national)' });
    // Only where it has prices: the variety is sold in Chittagong division.
    expect(tree[0]!.children!.map((c) => c.name)).toEqual(['Chittagong']);
    expect(ids(tree).every((id) => id === 'bgd' || id.startsWith('bgd/'))).toBe(true);
    const menu = await ok('ProductsMenu', { query: { country: 'BGD' } });
    expect(menu.find((p) => p.code === 'rice-brri-28')).toMatchObject({
      mapped: false,
      unit: 'kg',
      currency: 'BDT',
      priceTypes: ['retail'],
      // The picker shows each product's span and source.
      from: expect.stringMatching(/^20\d\d-\d\d-\d\d$/),
      to: expect.stringMatching(/^20[12]\d-\d\d-\d\d$/),
      sources: [{ name: 'WFP VAM via HDX', demo: false }],
    });
    // It opens on its staple: a cereal quoted in the price type the page shows (not wheat flour,
    // whose wholesale prices ended in 2021), not the lentils more markets quote, nor toothpaste.
    expect(menu.filter((p) => p.staple).map((p) => p.code)).toEqual(['rice-coarse']);
    const all = await ok('GetRegion', { body: {} });
    expect(all.map((n) => n.id)).toEqual(['cn', 'bgd']);
    expect(all[1]!.children!.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'Barisal',
        'Chittagong',
        'Dhaka',
        'Khulna',
        'Mymensingh',
        'Rajshahi',
        'Rangpur',
        'Sylhet',
      ]),
    );
  });

  it('shows a market in BDT or in USD at the monthly rate of the file, saying so', async () => {
    const body: PriceTrendBody = {
      productCode: 'lentils-masur',
      regionIds: ['bgd/dhaka/dhaka-sadar'],
      from: '2024-01-01',
      to: '2025-06-30',
      priceType: 'retail',
    };
    const bdt = await trend(body);
    expect(bdt.code).toBe(1);
    expect(bdt.data).toMatchObject({ currency: 'BDT', provenance: { currency: 'BDT', fx: null, unit: 'kg' } });
    const usd = await trend({ ...body, currency: 'USD' });
    expect(usd.data).toMatchObject({
      currency: 'USD',
      provenance: { currency: 'USD', fx: { from: 'BDT', firstMonth: '1998-07', lastMonth: '2025-06', missing: 0 } },
    });
    const [rate] = await query<{ rate: number }>(
      await getDb(),
      sql`SELECT rate FROM fx_rates WHERE currency = 'BDT' AND month = '2024-10-01'`,
    );
    expect(Number(rate?.rate)).toBeGreaterThan(100); // ~120 BDT per USD in late 2024
    const local = bdt.data.series[0]!.points.find((p) => p[0] === '2024-10-15')!;
    const dollars = usd.data.series[0]!.points.find((p) => p[0] === '2024-10-15')!;
    expect(dollars[1]).toBeCloseTo(local[1] / Number(rate?.rate), 3);
    // Two countries' prices compare only in one currency.
    const mixed = await trend({ ...body, productCode: 'wheat', regionIds: ['bgd', 'cn'] });
    expect(mixed).toMatchObject({ code: 400 });
    expect((await trend({ ...body, productCode: 'wheat', regionIds: ['bgd', 'cn'], currency: 'USD' })).code).toBe(1);
  });

  it('places each market of the price list where the file says it is, for the map', async () => {
    const w = await ok('WebPrice', { query: { country: 'BGD' } });
    const teknaf = w.markets.find((m) => m.name === 'Teknaf Market');
    expect(teknaf).toMatchObject({ lat: 20.87, lon: 92.3 });
    const placed = w.markets.filter((m) => m.lat !== null && m.lon !== null);
    expect(placed.length).toBe(w.markets.length);
    // Every one inside Bangladesh's box.
    for (const m of placed) {
      expect(m.lat).toBeGreaterThan(20.5);
      expect(m.lat).toBeLessThan(26.7);
      expect(m.lon).toBeGreaterThan(88);
      expect(m.lon).toBeLessThan(92.7);
    }
  });

  it('has its own national indexes: retail prices in BDT, based on the year most markets quote', async () => {
    const menu = await ok('IndexMenu', { query: { regionId: 'bgd' } });
    const composite = menu.find((i) => i.code === 'composite')!;
    expect(composite).toMatchObject({ countryCode: 'BGD', priceType: 'retail', currency: 'BDT', granularity: 'month' });
    expect(composite.basePeriod).toEqual({ start: '2024-01-01', end: '2024-12-31' });
    const china = await ok('IndexMenu', { query: { regionId: 'cn' } });
    expect(china.find((i) => i.code === 'prod:wheat')).toMatchObject({
      countryCode: 'CHN',
      priceType: 'wholesale',
      currency: 'CNY',
    });
    const index = await ok('PriceIndex', {
      body: { indexCode: 'composite', regionId: 'bgd', from: '2024-01-01', to: '2024-12-31' },
      token: platinum,
    });
    // 2024's actual prices: February, then September to December.
    expect(index.points.map((p) => p[0])).toEqual([
      '2024-02-01',
      '2024-09-01',
      '2024-10-01',
      '2024-11-01',
      '2024-12-01',
    ]);
    const mean = index.points.reduce((a, p) => a + p[1], 0) / index.points.length;
    expect(Math.abs(mean - 100)).toBeLessThan(5); // the base year averages about 100
    expect(index.methodology).toContain('Only actual retail prices in BDT are used');
  });
});

/** A made-up WFP file of another country (Kenya), in the older layout: no market_id, no commodity_id. */
function kenyaFile(bad = 0) {
  const lines = [
    'date,admin1,admin2,market,latitude,longitude,category,commodity,unit,priceflag,pricetype,currency,price,usdprice',
    '#date,#adm1+name,#adm2+name,#loc+market+name,#geo+lat,#geo+lon,#item+type,#item+name,#item+unit,#item+price+flag,#item+price+type,#currency,#value,#value+usd',
  ];
  for (let m = 1; m <= 12; m++) {
    const d = `2023-${String(m).padStart(2, '0')}-15`;
    lines.push(
      `${d},Nairobi,Nairobi,Kibera,-1.31,36.78,cereals and tubers,"Maize (white, dry)",90 KG,actual,Wholesale,KES,${4000 + m * 10},${(4000 + m * 10) / 140}`,
      `${d},Nairobi,Nairobi,Kibera,-1.31,36.78,vegetables and fruits,Kale,Bunch,"actual,aggregate",Retail,KES,${20 + m},${(20 + m) / 140}`,
      `${d},Coast,Mombasa,"Kongowea, Main",-4.03,39.68,cereals and tubers,"Maize (white, dry)",KG,actual,Retail,KES,${50 + m},${(50 + m) / 140}`,
      `${d},Coast,Mombasa,"Kongowea, Main",-4.03,39.68,cereals and tubers,"Maize (white, dry)",KG,actual,Retail,USD,${((50 + m) / 140).toFixed(3)},${((50 + m) / 140).toFixed(3)}`,
      `${d},Coast,Mombasa,"Kongowea, Main",-4.03,39.68,milk and dairy,"Milk (UHT)",500 ML,forecast,Retail,KES,0,0`,
    );
  }
  for (let i = 0; i < bad; i++)
    lines.push(
      `2023-13-${10 + i},Coast,Mombasa,Kongowea,-4.03,39.68,cereals and tubers,Beans,KG,actual,Retail,KES,90,0.6`,
    );
  return lines.join('\r\n') + '\r\n';
}

describe("another country's WFP file, never seen before", () => {
  it('imports with no code change: its regions, packs per kg and per bunch, both currencies, zero forecasts skipped', async () => {
    const f = path.join(dir, 'wfp_food_prices_ken.csv');
    writeFileSync(f, kenyaFile());
    const s = await importCsvFile(await getDb(), f);
    expect(s).toMatchObject({
      rows: 60,
      inserted: 48,
      rejected: 0,
      zeroForecasts: 12,
      countries: ['KEN'],
      flags: { actual: 36, 'actual,aggregate': 12, forecast: 12 },
    });
    expect(existsSync(path.join(dir, 'wfp_food_prices_ken.rejects.csv'))).toBe(false);
    const tree = await ok('GetRegion', { body: { country: 'KEN', lang: 'zh-CN' } });
    expect(tree[0]).toMatchObject({ id: 'ken', name: '肯尼亚（全国）' });
    expect(ids(tree)).toEqual(
      expect.arrayContaining(['ken/nairobi', 'ken/nairobi:nairobi', 'ken/nairobi/kibera', 'ken/coast/kongowea-main']),
    );
    // 4,010 KES per 90 kg bag = 44.56 KES/kg, in Kenya's own currency.
    const t = await trend({
      productCode: 'maize-white-dry',
      regionIds: ['ken/nairobi/kibera'],
      from: '2023-01-01',
      to: '2023-12-31',
      granularity: 'month',
    });
    expect(t.data.currency).toBe('KES');
    expect(t.data.series[0]!.points[0]![1]).toBeCloseTo(4010 / 90, 3);
    // The same market's USD quotes are kept apart, not mixed into the KES series.
    const usdRows = await query<{ n: string }>(
      await getDb(),
      sql`SELECT count(*) AS n FROM price_observations WHERE currency = 'USD'`,
    );
    expect(Number(usdRows[0]?.n)).toBe(12);
    const kale = await query<{ unit: string; mapped: boolean }>(
      await getDb(),
      sql`SELECT unit, mapped FROM products WHERE code = 'kale'`,
    );
    // Priced per bunch: a counted unit of its own, neither a piece nor a kilogram.
    expect(kale).toEqual([{ unit: 'bunch', mapped: false }]);
  });

  it('imports the good rows below 1 % bad; above it, or with --strict, nothing', async () => {
    const db = await getDb();
    const count = async () =>
      Number((await query<{ n: string }>(db, sql`SELECT count(*) AS n FROM price_observations`))[0]?.n);
    const before = await count();
    const f = path.join(dir, 'prices_ken.csv');
    // 60 rows and 1 bad (an impossible month): 1.6 % — refused.
    writeFileSync(f, kenyaFile(1).replace(/Kibera/g, 'Kibera East'));
    const refused = await importCsvFile(db, f).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportRejected);
    expect((refused as ImportRejected).summary).toMatchObject({ rows: 61, rejected: 1 });
    expect(readFileSync(path.join(dir, 'prices_ken.rejects.csv'), 'utf8')).toContain(
      "63,date: '2023-13-10' is not a valid date",
    );
    expect(await count()).toBe(before);
    // Allowed up to 5 %: the good rows go in.
    const s = await importCsvFile(db, f, { maxBad: 0.05 });
    expect(s).toMatchObject({ inserted: 24, unchanged: 24, rejected: 1 });
    expect(await count()).toBe(before + 24);
    // --strict: one bad row is enough to import nothing.
    writeFileSync(f, kenyaFile(1).replace(/Kibera/g, 'Kibera West'));
    expect(await importCsvFile(db, f, { strict: true, maxBad: 0.05 }).catch((e: unknown) => e)).toBeInstanceOf(
      ImportRejected,
    );
    expect(await count()).toBe(before + 24);
  });
});

describe('access and data products in a country that is not China', () => {
  it('locks regional history for visitors and for users without a membership or the data product', async () => {
    const body: PriceTrendBody = {
      productCode: 'lentils-masur',
      regionIds: ['bgd/dhaka'],
      from: '2025-01-01',
      to: '2025-06-30',
      priceType: 'retail',
    };
    expect(await trend(body, '')).toMatchObject({ code: 403, data: { reason: 'login', regionId: 'bgd/dhaka' } });
    const free = await newUser('free');
    expect(await trend(body, free.token)).toMatchObject({
      code: 403,
      data: { reason: 'region', dataProduct: { code: 'DP-GRAINS' } },
    });
  });

  it('sells "Bangladesh, all regions" as one region priced as its provinces, and a holder of it sees every market', async () => {
    const buyer = await newUser('buyer');
    const regions = await ok('QueryUserBuyDataProductRegion', {
      query: { OutProductCode: 'DP-GRAINS' },
      token: buyer.token,
    });
    const country = regions.find((r) => r.id === 'bgd')!;
    const divisions = regions.filter((r) => r.countryCode === 'BGD' && r.id !== 'bgd');
    expect(divisions.length).toBe(8);
    // Bangladesh's WFP prices end in 2025-06, over 92 days ago: every division sells as an archive (docs/pricing.md).
    const archiveFen = Math.round((198_000 * ARCHIVE_PRICE_PCT) / 100);
    expect(country).toMatchObject({
      nameEn: 'Bangladesh (all regions)',
      units: 8,
      archiveUnits: 8,
      current: false,
      listPriceFen: 8 * archiveFen,
    });
    expect(regions.find((r) => r.id === 'cn')).toMatchObject({ units: expect.any(Number) });
    const order = await call('SubmitDataProductBuyOrder', {
      token: buyer.token,
      body: { productId: 'DP-GRAINS', regionIds: ['bgd'] },
    });
    expect(order.body).toMatchObject({ code: 1, data: { amountFen: 8 * archiveFen } });

    await grantDataProduct(buyer.id, 'DP-GRAINS', 'bgd');
    const full = await trend(
      {
        productCode: 'lentils-masur',
        regionIds: ['bgd/dhaka/dhaka-sadar', 'bgd/dhaka'],
        from: '2020-01-01',
        to: '2025-06-30',
        priceType: 'retail',
      },
      buyer.token,
    );
    expect(full.code).toBe(1);
    expect(full.data.series[0]!.points.length).toBeGreaterThanOrEqual(10);
    // Not China's provinces, and not another product group.
    expect(
      await trend({ productCode: 'wheat', regionIds: ['henan'], from: '2015-01-01', to: '2016-01-01' }, buyer.token),
    ).toMatchObject({
      code: 403,
    });
  });
});

describe('provenance per country', () => {
  it("names only the sources of the region's country, though the product also comes from others elsewhere", async () => {
    const f = path.join(dir, 'wheat-board.csv');
    writeFileSync(
      f,
      [
        'product,region,market,date,price,unit,source,licence',
        'wheat-flour,Hebei,Board Market,2024-03-04,3.6,KG,Hebei grain board,test',
      ].join('\n'),
    );
    await importCsvFile(await getDb(), f);
    const body: PriceTrendBody = {
      productCode: 'wheat-flour',
      regionIds: ['bgd'],
      from: '2018-01-01',
      to: '2025-06-30',
      priceType: 'retail',
    };
    const names = (r: { data: PriceTrendDTO }) => r.data.provenance.sources.map((s) => s.name);
    const china = await trend({ ...body, regionIds: ['cn'], priceType: 'wholesale' });
    expect(names(china)).toContain('Hebei grain board');
    const bangladesh = await trend(body);
    expect(bangladesh.code).toBe(1);
    expect(bangladesh.data.series[0]!.points.length).toBeGreaterThan(0);
    expect(names(bangladesh)).toEqual(['WFP VAM via HDX']);
    const both = await trend({ ...body, regionIds: ['bgd', 'cn'], currency: 'USD' });
    expect(names(both)).toEqual(expect.arrayContaining(['Hebei grain board', 'WFP VAM via HDX']));
  });
});

// Imports end to end on the embedded database and (npm run test:pg) on PostgreSQL: idempotent,
// atomic per file, bad lines named, units normalised, flags kept apart, derived tables and
// indexes brought up to date, and the hand-computed index of the unit tests read back over the API.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb, query } from '@/lib/server/db/client';
import { WFP_FILE } from '@/lib/server/seed/market';
import { importCsvFile, ImportRejected } from '@/lib/server/services/market/import/pipeline';
import { refreshIndexes } from '@/lib/server/services/market/import/index-refresh';
import { call } from '../support/api-client';
import { count, platinumMember } from '../support/market';

const dir = mkdtempSync(path.join(tmpdir(), 'market-import-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let platinum = '';
beforeAll(async () => {
  platinum = await platinumMember();
});

describe('the WFP/HDX file', () => {
  it('imports its 1,259 price rows (the HXL tag row is not data), and a second import changes nothing', async () => {
    const db = await getDb();
    const first = await importCsvFile(db, WFP_FILE);
    expect(first).toMatchObject({
      rows: 1259,
      inserted: 1259,
      updated: 0,
      rejected: 0,
      flags: { actual: 1259 },
      products: 5,
      markets: 11,
      countries: ['CHN'],
      newProducts: [],
      from: '2014-01-15',
      to: '2020-10-15',
    });
    const rows = await count('price_observations');
    const derived = await count('region_prices');
    const indexValues = await count('index_values');
    expect(rows).toBe(1259);
    expect(derived).toBeGreaterThan(0);
    expect(indexValues).toBeGreaterThan(0);
    const second = await importCsvFile(db, WFP_FILE);
    expect(second).toMatchObject({ rows: 1259, inserted: 0, updated: 0, unchanged: 1259, indexes: null });
    expect(await count('price_observations')).toBe(rows);
    expect(await count('region_prices')).toBe(derived);
    expect(await count('index_values')).toBe(indexValues);
  }, 60_000);

  it('keeps the national price the geometric mean of the markets, and the source and licence with it', async () => {
    const db = await getDb();
    const [r] = await query<{ national: number; markets: number; expected: number }>(
      db,
      sql`SELECT rp.price AS national, rp.markets, (SELECT exp(avg(ln(o.price))) FROM price_observations o WHERE o.product_num = p.num AND o.day = '2019-06-15' AND o.flag = 0) AS expected
          FROM region_prices rp JOIN products p ON p.num = rp.product_num JOIN regions n ON n.num = rp.region_num
          WHERE p.code = 'rice-japonica' AND n.id = 'cn' AND rp.day = '2019-06-15'`,
    );
    expect(Number(r?.markets)).toBeGreaterThan(1);
    expect(Number(r?.national)).toBeCloseTo(Number(r?.expected), 4); // stored rounded to 4 decimals
    const t = await call('PriceTrend', {
      body: { productCode: 'rice-japonica', from: '2019-01-01', to: '2019-12-31' },
      token: platinum,
    });
    const data = t.body.data!;
    expect(data.series[0]?.points).toHaveLength(12);
    expect(data.provenance.sources).toEqual([
      {
        name: 'WFP VAM via HDX',
        licence: 'CC BY-IGO',
        attribution: 'Source: WFP VAM via HDX (CC BY-IGO)',
        demo: false,
      },
    ]);
  }, 60_000);
});

describe('a file with a malformed row', () => {
  it('imports nothing when the bad rows are more than 1 % of the file, naming the line', async () => {
    const before = await count('price_observations');
    const csv = [
      'product,region,market,date,price,unit',
      'pork,Hebei,Test Market,2025-01-02,25.5,KG',
      'pork,Hebei,Test Market,2025-01-03,25.7,KG',
      'pork,Hebei,Test Market,2025-01-04,twenty,KG',
      'pork,Hebei,Test Market,2025-01-05,25.9,KG',
    ].join('\n');
    const err = await importCsvFile(await getDb(), file('bad.csv', csv)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportRejected);
    expect((err as ImportRejected).summary.rejects).toMatchObject([
      { line: 4, reason: "price: 'twenty' is not a number" },
    ]);
    expect(await count('price_observations')).toBe(before);
    // Not even the market it named was created: the whole file rolled back.
    expect(
      Number(
        (
          await query<{ n: number }>(
            await getDb(),
            sql`SELECT count(*) AS n FROM regions WHERE id = 'hebei/test-market'`,
          )
        )[0]?.n,
      ),
    ).toBe(0);
  }, 60_000);

  it('counts a duplicate of an earlier line as a bad row, naming both', async () => {
    const csv = [
      'product,region,market,date,price,unit',
      'pork,Hebei,Dup Market,2025-01-02,25.5,KG',
      'pork,Hebei,Dup Market,2025-01-02,26,KG',
    ].join('\n');
    const err = (await importCsvFile(await getDb(), file('dup.csv', csv)).catch((e: unknown) => e)) as ImportRejected;
    expect(err.summary.rejects).toEqual([
      { line: 3, reason: 'duplicate of line 2 (same product, market, date, price type, flag and currency)' },
    ]);
  }, 60_000);
});

describe('the generic CSV', () => {
  it('normalises packs per kg, keeps retail apart from wholesale and forecasts apart from actual prices', async () => {
    const csv = [
      'product,region,market,date,price,unit,pricetype,flag,source,licence',
      'maize,Jilin,Changchun North,2025-03-01,120,50 KG,wholesale,actual,Jilin Grain Bureau,CC BY 4.0',
      'maize,Jilin,Changchun North,2025-03-01,3.1,KG,retail,actual,Jilin Grain Bureau,CC BY 4.0',
      'maize,Jilin,Changchun North,2025-03-01,2.6,KG,wholesale,forecast,Jilin Grain Bureau,CC BY 4.0',
      'maize,Jilin,"Changchun North, Gate 2",2025-03-02,2450,1 T,wholesale,actual,Jilin Grain Bureau,CC BY 4.0',
    ].join('\n');
    const s = await importCsvFile(await getDb(), file('generic.csv', csv));
    expect(s).toMatchObject({ rows: 4, inserted: 4 });
    const rows = await query<{ day: string; flag: number; price_type: number; price: number }>(
      await getDb(),
      sql`SELECT to_char(o.day, 'YYYY-MM-DD') AS day, o.flag, o.price_type, o.price FROM price_observations o JOIN regions r ON r.num = o.market_num
          WHERE r.id = 'jilin/changchun-north' ORDER BY o.day, o.flag, o.price_type`,
    );
    expect(rows.map((r) => [r.day, Number(r.flag), Number(r.price_type), Number(r.price)])).toEqual([
      ['2025-03-01', 0, 0, 2.4],
      ['2025-03-01', 0, 1, 3.1],
      ['2025-03-01', 1, 0, 2.6],
    ]);
    // A quoted market name with a comma is one field: 2450 per tonne is 2.45 per kg.
    const gate = await query<{ price: number }>(
      await getDb(),
      sql`SELECT o.price FROM price_observations o JOIN regions r ON r.num = o.market_num WHERE r.id = 'jilin/changchun-north-gate-2'`,
    );
    expect(gate.map((r) => Number(r.price))).toEqual([2.45]);
    // The forecast row never reaches the series of actual prices.
    const t = (
      await call('PriceTrend', {
        body: { productCode: 'maize', regionIds: ['jilin'], from: '2025-03-01', to: '2025-03-31' },
        token: platinum,
      })
    ).body.data!;
    expect(t.series[0]?.points.map((p) => [p[0], p[1]])).toEqual([
      ['2025-03-01', 2.4],
      ['2025-03-02', 2.45],
    ]);
  }, 60_000);
});

describe('indexes after an import', () => {
  // The hand-computed case of __tests__/server/market/indexes.test.ts, imported as a file:
  // composite Jan 100, Feb 99.73483, Mar 121.64966 (base = January, value-share weights 2/3, 1/3).
  // Two years back, so a platinum member (10 years) may read it whenever the test runs.
  const Y = String(new Date().getUTCFullYear() - 2);
  const csv = [
    'product,region,market,date,price,unit,volume,category',
    `index-a,Hainan,M1,${Y}-01-15,2,KG,100,grains`,
    `index-a,Hainan,M1,${Y}-02-15,2.2,KG,,grains`,
    `index-a,Hainan,M1,${Y}-03-15,2.4,KG,,grains`,
    `index-a,Hainan,M2,${Y}-01-15,4,KG,50,grains`,
    `index-a,Hainan,M2,${Y}-02-15,4,KG,,grains`,
    `index-a,Hainan,M2,${Y}-03-15,5,KG,,grains`,
    `index-b,Hainan,M1,${Y}-01-15,10,KG,10,vegetables`,
    `index-b,Hainan,M1,${Y}-02-15,8,KG,,vegetables`,
    `index-b,Hainan,M1,${Y}-03-15,12,KG,,vegetables`,
    `index-b,Hainan,M2,${Y}-01-15,5,KG,20,vegetables`,
    `index-b,Hainan,M2,${Y}-02-15,5,KG,,vegetables`,
    `index-b,Hainan,M2,${Y}-03-15,6,KG,,vegetables`,
  ].join('\n');

  it('publishes the worked example through PriceIndex', async () => {
    const db = await getDb();
    // Alone in its own database, so the composite is exactly these two products.
    for (const t of ['price_observations', 'region_prices', 'latest_prices', 'product_sources', 'fx_rates'])
      await db.execute(sql`DELETE FROM ${sql.raw(t)}`);
    await importCsvFile(db, file('worked.csv', csv));
    await db.transaction((tx) => refreshIndexes(tx, { base: { from: `${Y}-01`, to: `${Y}-01` } }));
    const a = await call('PriceIndex', {
      body: { indexCode: 'composite', regionId: 'cn', from: `${Y}-01-01`, to: `${Y}-03-31` },
      token: platinum,
    });
    const i = a.body.data!;
    expect(i.granularity).toBe('month');
    expect(i.index).toMatchObject({ basePeriod: { start: `${Y}-01-01`, end: `${Y}-01-31` }, equalWeights: false });
    expect(i.index.weights.map((w) => [w.productCode, w.weight])).toEqual([
      ['index-a', expect.closeTo(2 / 3, 5)],
      ['index-b', expect.closeTo(1 / 3, 5)],
    ]);
    expect(i.points.map((p) => p[0])).toEqual([`${Y}-01-01`, `${Y}-02-01`, `${Y}-03-01`]);
    i.points.forEach((p, k) => expect(p[1]).toBeCloseTo([100, 99.73483, 121.64966][k]!, 3));
    expect(i.points[2]?.[3]).toBeCloseTo(21.97307, 3);
    const grains = (
      await call('PriceIndex', {
        body: { indexCode: 'cat:grains', regionId: 'cn', from: `${Y}-01-01`, to: `${Y}-03-31` },
        token: platinum,
      })
    ).body.data!;
    grains.points.forEach((p, k) => expect(p[1]).toBeCloseTo([100, 104.8809, 122.4745][k]!, 3));
  }, 60_000);

  it('brings the indexes up to date when a later import adds prices', async () => {
    const db = await getDb();
    const later = [
      'product,region,market,date,price,unit,category',
      `index-a,Hainan,M1,${Y}-04-15,2.6,KG,grains`,
      `index-a,Hainan,M2,${Y}-04-15,5,KG,grains`,
    ].join('\n');
    const s = await importCsvFile(db, file('later.csv', later));
    expect(s.indexes?.definitions).toBeGreaterThan(0);
    const a = await call('PriceIndex', {
      body: { indexCode: 'prod:index-a', regionId: 'cn', from: `${Y}-01-01`, to: `${Y}-04-30` },
      token: platinum,
    });
    expect(a.body.data!.points.map((p) => p[0])).toEqual([`${Y}-01-01`, `${Y}-02-01`, `${Y}-03-01`, `${Y}-04-01`]);
  }, 60_000);
});

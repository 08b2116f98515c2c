// PriceCompare (docs/market-data.md, "Compare"): up to 5 lines of any product × region × country,
// in one currency (USD when the countries differ, each month at its stored rate, a month without
// one left out and counted) or as an index (first common point = 100); each line put to the access
// policy as PriceTrend puts its regions, a refused line answered as locked; bad input gets the
// envelope. Three made-up countries with fixed 2024 dates, so no figure depends on the day the suite
// runs. On the embedded database and (npm run test:pg) on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PriceCompareBody, PriceCompareDTO } from '@/lib/api/schemas/compare';
import { getDb } from '@/lib/server/db/client';
import { importRatesFile } from '@/lib/server/services/market/import/fx-import';
import { importCsvFile } from '@/lib/server/services/market/import/pipeline';
import { call, ok } from '../support/api-client';
import { newUser, platinumMember } from '../support/market';

const dir = mkdtempSync(path.join(tmpdir(), 'market-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
};
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const mm = (m: number) => String(m).padStart(2, '0');

// China: maize in Shandong (the generic CSV), CNY; Bangladesh: rice, BDT, USD implied at 110;
// Kenya: maize per 90 KG bag, KES, a published rate of 130 from March only.
const cny = (m: number) => 2 + m / 10;
const bdt = (m: number) => 50 + m;
const kes = (m: number) => (4000 + 10 * m) / 90;
const CNY_RATE = 7.2;
const BDT_RATE = 110;
const KES_RATE = 130;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

let platinum = '';
let rice = '';
let kenyaMaize = '';
beforeAll(async () => {
  const db = await getDb();
  await importCsvFile(
    db,
    write('china.csv', [
      'product,region,market,date,price,unit,country,currency,pricetype',
      ...MONTHS.map((m) => `maize,Shandong,Compare Test Market,2024-${mm(m)}-15,${cny(m)},KG,CHN,CNY,wholesale`),
    ]),
    { rejectsPath: null },
  );
  const wfpHead = [
    'date,admin1,admin2,market,latitude,longitude,category,commodity,unit,priceflag,pricetype,currency,price,usdprice',
    '#date,#adm1+name,#adm2+name,#loc+market+name,#geo+lat,#geo+lon,#item+type,#item+name,#item+unit,#item+price+flag,#item+price+type,#currency,#value,#value+usd',
  ];
  await importCsvFile(
    db,
    write('wfp_food_prices_bgd.csv', [
      ...wfpHead,
      ...MONTHS.map(
        (m) =>
          `2024-${mm(m)}-15,Dhaka,Dhaka,Compare Bazar,23.7,90.4,cereals and tubers,Rice (coarse),KG,actual,Retail,BDT,${bdt(m)},${(bdt(m) / BDT_RATE).toFixed(6)}`,
      ),
    ]),
    { rejectsPath: null },
  );
  await importCsvFile(
    db,
    write('wfp_food_prices_ken.csv', [
      ...wfpHead,
      ...MONTHS.map(
        (m) =>
          `2024-${mm(m)}-15,Nairobi,Nairobi,Compare Market,-1.3,36.8,cereals and tubers,Maize (white),90 KG,actual,Wholesale,KES,${4000 + 10 * m},${((4000 + 10 * m) / KES_RATE).toFixed(6)}`,
      ),
    ]),
    { rejectsPath: null },
  );
  await importRatesFile(
    db,
    write('rates.csv', [
      'date,currency,rate,source,licence',
      ...MONTHS.map((m) => `2024-${mm(m)}-01,CNY,${CNY_RATE},Compare Test Rates,Public domain`),
      // Kenya's published rates begin in March: January and February have none.
      ...MONTHS.filter((m) => m >= 3).map((m) => `2024-${mm(m)}-01,KES,${KES_RATE},Compare Test Rates,Public domain`),
    ]),
    { rejectsPath: null },
  );
  platinum = await platinumMember();
  const menu = await ok('ProductsMenu', { query: { country: 'BGD', lang: 'en' } });
  rice = menu.find((p) => p.name.startsWith('Rice'))!.code;
  const ken = await ok('ProductsMenu', { query: { country: 'KEN', lang: 'en' } });
  kenyaMaize = ken.find((p) => p.name.startsWith('Maize'))!.code;
}, 120_000);

const YEAR = { from: '2024-01-01', to: '2024-12-31' } as const;
const threeCountries = () =>
  [
    { productCode: 'maize', country: 'CHN' },
    { productCode: rice, country: 'BGD' },
    { productCode: kenyaMaize, country: 'KEN' },
  ] satisfies PriceCompareBody['lines'];
const compare = async (body: PriceCompareBody, token?: string) =>
  (await call('PriceCompare', { body, token })).body as { code: number; msg?: string; data?: PriceCompareDTO };

describe('three countries in one currency', () => {
  it('answers in USD when the countries differ, each month at its own rate, and counts the months without one', async () => {
    const a = await ok('PriceCompare', { body: { lines: threeCountries(), ...YEAR, lang: 'en' }, token: platinum });
    expect(a).toMatchObject({ show: 'price', currency: 'USD', granularity: 'month', base: null, ...YEAR });
    const [cn, bd, ke] = a.lines;
    expect(cn).toMatchObject({ country: 'CHN', countryName: 'China', regionLevel: 'nation', sourceCurrency: 'CNY' });
    expect(cn!.priceType).toBe('wholesale');
    expect(bd).toMatchObject({ country: 'BGD', countryName: 'Bangladesh', priceType: 'retail', sourceCurrency: 'BDT' });
    expect(ke).toMatchObject({ country: 'KEN', unit: 'kg', sourceCurrency: 'KES', locked: null });
    expect(cn!.points).toEqual(MONTHS.map((m) => [`2024-${mm(m)}-01`, r4(cny(m) / CNY_RATE)]));
    expect(cn!.fx).toMatchObject({ from: 'CNY', implied: false, rate: CNY_RATE, missing: 0 });
    for (const [i, [date, usd]] of bd!.points.entries()) {
      expect(date).toBe(`2024-${mm(i + 1)}-01`);
      expect(usd).toBeCloseTo(bdt(i + 1) / BDT_RATE, 3);
    }
    expect(bd!.fx).toMatchObject({ from: 'BDT', implied: true, missing: 0 });
    // No rate is made up for Kenya's first two months: they are left out and the answer says so.
    expect(ke!.points).toEqual(MONTHS.filter((m) => m >= 3).map((m) => [`2024-${mm(m)}-01`, r4(kes(m) / KES_RATE)]));
    expect(ke!.fx).toMatchObject({ from: 'KES', implied: false, firstMonth: '2024-03', missing: 2 });
    expect(ke!.sources.map((s) => s.demo)).toEqual([false]);
  });

  it('keeps one local currency when every line prices in it, and refuses local for two currencies', async () => {
    const cn = await ok('PriceCompare', {
      body: {
        lines: [
          { productCode: 'maize', country: 'CHN' },
          { productCode: 'maize', regionId: 'shandong' },
        ],
        ...YEAR,
      },
      token: platinum,
    });
    expect(cn.currency).toBe('CNY');
    expect(cn.lines.map((l) => [l.regionName, l.points[0]])).toEqual([
      ['China (national)', ['2024-01-01', cny(1)]],
      ['Shandong', ['2024-01-01', cny(1)]],
    ]);
    const r = await compare({ lines: threeCountries(), ...YEAR, currency: 'local' }, platinum);
    expect(r).toMatchObject({ code: 400, msg: expect.stringContaining('CNY / BDT / KES') });
    expect(r.msg).toContain('compare them in USD or as an index');
  });

  it('indexes each line to 100 at the first date every line has: in local prices January, in USD March', async () => {
    const local = await ok('PriceCompare', {
      body: { lines: threeCountries(), ...YEAR, show: 'index' },
      token: platinum,
    });
    expect(local).toMatchObject({ show: 'index', currency: null, indexedIn: 'local', base: '2024-01-01' });
    for (const l of local.lines) expect(l.points[0]).toEqual(['2024-01-01', 100]);
    expect(local.lines[0]!.points.at(-1)).toEqual(['2024-12-01', r4((cny(12) / cny(1)) * 100)]);
    expect(local.lines[2]!.points.at(-1)).toEqual(['2024-12-01', r4((kes(12) / kes(1)) * 100)]);

    const usd = await ok('PriceCompare', {
      body: { lines: threeCountries(), ...YEAR, show: 'index', currency: 'USD' },
      token: platinum,
    });
    expect(usd).toMatchObject({ indexedIn: 'USD', base: '2024-03-01' });
    for (const l of usd.lines) {
      expect(l.points[0]).toEqual(['2024-03-01', 100]);
      expect(l.points).toHaveLength(10);
    }
  });
});

describe('access, line by line', () => {
  it("answers a visitor's regional line as locked with what unlocks it, beside the lines it may see", async () => {
    const a = await ok('PriceCompare', {
      body: {
        lines: [
          { productCode: 'maize', country: 'CHN' },
          { productCode: 'maize', regionId: 'shandong', country: 'CHN' },
        ],
        from: '2024-10-01',
        to: '2024-12-31',
        lang: 'zh-CN',
      },
    });
    const [nation, shandong] = a.lines;
    expect(nation).toMatchObject({ locked: null, regionName: '全国', countryName: '中国' });
    expect(nation!.points).toHaveLength(3);
    expect(shandong).toMatchObject({
      regionId: 'shandong',
      points: [],
      locked: { reason: 'login', unlock: { login: true, regionId: 'shandong' }, messageRef: { key: 'market.refused' } },
    });
    expect(shandong!.locked!.message).toContain('Log in to see regional price history');
    // Among countries, China's nation is named by its country, also where it reads 全国.
    const zh = await ok('PriceCompare', {
      body: { lines: [{ productCode: 'maize', country: 'CHN' }], ...YEAR, lang: 'zh-CN' },
    });
    expect(zh.lines[0]!.locked!.message).toMatch(/^中国 \(全国\): /);
  });

  it('refuses a visitor a year back (90 days of data) and a free account the CSV, as PriceTrend does', async () => {
    const a = await ok('PriceCompare', { body: { lines: threeCountries(), ...YEAR } });
    expect(a.lines.map((l) => l.locked?.reason)).toEqual(['history', 'history', 'history']);
    expect(a.lines.every((l) => l.points.length === 0)).toBe(true);
    const free = await newUser('free');
    const r = await compare({ lines: threeCountries(), ...YEAR, export: true }, free.token);
    expect(r).toMatchObject({ code: 403, data: { reason: 'export' } });
    const csv = await ok('PriceCompare', { body: { lines: threeCountries(), ...YEAR, export: true }, token: platinum });
    expect(csv.lines.every((l) => l.points.length > 0)).toBe(true);
  });
});

describe('bad input gets the envelope, never a 500', () => {
  it.each([
    [
      'six lines',
      { lines: Array.from({ length: 6 }, (_, i) => ({ productCode: `p${i}`, country: 'CHN' })) },
      400,
      'at most 5 lines',
    ],
    ['no line', { lines: [] }, 400, 'needs at least one line'],
    ['a line naming no place', { lines: [{ productCode: 'maize' }] }, 400, 'names a country or a region'],
    ['an unknown product', { lines: [{ productCode: 'unobtainium', country: 'CHN' }] }, 404, 'Unknown product'],
    ['an unknown country', { lines: [{ productCode: 'maize', country: 'ZZZ' }] }, 404, 'ZZZ'],
    [
      'a region of another country',
      { lines: [{ productCode: 'maize', country: 'BGD', regionId: 'shandong' }] },
      400,
      'is not in Bangladesh',
    ],
    [
      'the same line twice',
      {
        lines: [
          { productCode: 'maize', country: 'CHN' },
          { productCode: 'maize', regionId: 'cn' },
        ],
      },
      400,
      'line 2 repeats',
    ],
    ['nonsense', { lines: 'maize', show: 'pie' }, 400, 'lines'],
    [
      'from after to',
      { lines: [{ productCode: 'maize', country: 'CHN' }], from: '2024-12-01', to: '2024-01-01' },
      400,
      'from',
    ],
  ])('%s', async (_name, body, code, text) => {
    const r = await call('PriceCompare', { body: body as PriceCompareBody, token: platinum });
    expect(r.status).toBeLessThan(500);
    expect(r.body.code).toBe(code);
    expect(r.body.msg).toContain(text);
  });
});

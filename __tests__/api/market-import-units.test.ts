// Real WFP country files quote one commodity per kg (or per 50 or 90 KG bag) in one market and per
// head or bunch in another: both are valid prices of separate series, imported with the default
// settings (docs/market-data.md, "Units"). HDX's global file is imported country by country. Runs on
// the embedded database and (npm run test:pg) on PostgreSQL, with rows built for each case.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb, query } from '@/lib/server/db/client';
import { WFP_BGD_FILE, WFP_FILE } from '@/lib/server/seed/market';
import { importCsvByCountry } from '@/lib/server/services/market/import/by-country';
import { importCsvFile, ImportRejected } from '@/lib/server/services/market/import/pipeline';
import { ok } from '../support/api-client';
import { platinumMember } from '../support/market';

const dir = mkdtempSync(path.join(tmpdir(), 'market-units-'));
const file = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER =
  'date,admin1,admin2,market,market_id,latitude,longitude,category,commodity,commodity_id,unit,priceflag,pricetype,currency,price,usdprice';
const HXL =
  '#date,#adm1+name,#adm2+name,#loc+market+name,#loc+market+code,#geo+lat,#geo+lon,#item+type,#item+name,#item+code,#item+unit,#item+price+flag,#item+price+type,#currency+code,#value,#value+usd';
const NAIROBI = 'Nairobi,Nairobi,Nairobi,9001,-1.28,36.82';
const KISUMU = 'Nyanza,Kisumu,Kisumu,9002,-0.1,34.75';
const month = (m: number) => `2024-${String(m).padStart(2, '0')}-15`;

/** One year of a Kenyan market's quotes as WFP writes them: per kg, per 90 and 50 KG bag, per head, per bunch, per day. */
function kenyaRows(): string[] {
  const rows: string[] = [];
  for (let m = 1; m <= 12; m++) {
    const d = month(m);
    rows.push(
      `${d},${NAIROBI},vegetables and fruits,Cabbage,401,KG,actual,Retail,KES,${40 + m},`,
      `${d},${KISUMU},vegetables and fruits,Cabbage,401,Head,actual,Retail,KES,${60 + m},`,
      `${d},${NAIROBI},cereals and tubers,Maize (white),402,90 KG,actual,Wholesale,KES,${90 * (40 + m)},`,
      `${d},${KISUMU},cereals and tubers,Maize (white),402,50 KG,actual,Wholesale,KES,${50 * (42 + m)},`,
      `${d},${KISUMU},cereals and tubers,Maize (white),402,KG,actual,Retail,KES,${45 + m},`,
      `${d},${NAIROBI},vegetables and fruits,Bananas,403,KG,actual,Retail,KES,${70 + m},`,
      `${d},${KISUMU},vegetables and fruits,Bananas,403,Bunch,actual,Retail,KES,${300 + m},`,
      `${d},${NAIROBI},non-food,Wage (casual labour),404,Day,actual,Retail,KES,${500 + m},`,
      `${d},${KISUMU},vegetables and fruits,Kale,405,Bunch,actual,Retail,KES,${20 + m},`,
    );
  }
  return rows;
}

let platinum = '';
beforeAll(async () => {
  platinum = await platinumMember();
});

describe('a country file quoting one commodity per kg in one market and per head in another', () => {
  it('imports with the defaults: each unit its own series, only broken rows counted', async () => {
    const db = await getDb();
    const s = await importCsvFile(db, file('wfp_food_prices_ken.csv', [HEADER, HXL, ...kenyaRows()]));
    expect(s).toMatchObject({ rows: 108, inserted: 108, rejected: 0, countries: ['KEN'] });
    const made = s.newProducts.map((p) => [p.code, p.unit]).sort();
    expect(made).toEqual(
      [
        ['bananas', 'kg'],
        ['bananas-per-bunch', 'bunch'],
        ['cabbage', 'kg'],
        ['cabbage-per-head', 'head'],
        ['kale', 'bunch'],
        ['maize-white', 'kg'],
        ['wage-casual-labour', 'day'],
      ].sort(),
    );
  });

  it('stores bag prices per kg and keeps each series in its own unit', async () => {
    const db = await getDb();
    const rows = await query<{ code: string; unit: string; market: string; price: number; pack: string }>(
      db,
      sql`SELECT p.code, p.unit, r.name_en AS market, o.price, k.label AS pack FROM price_observations o
          JOIN products p ON p.num = o.product_num JOIN regions r ON r.num = o.market_num JOIN packs k ON k.id = o.pack_id
          WHERE o.day = '2024-03-15' AND r.country_code = 'KEN' ORDER BY p.code, r.name_en, o.price_type`,
    );
    expect(rows.map((r) => [r.code, r.unit, r.market, Number(r.price), r.pack])).toEqual([
      ['bananas', 'kg', 'Nairobi', 73, 'KG'],
      ['bananas-per-bunch', 'bunch', 'Kisumu', 303, 'Bunch'],
      ['cabbage', 'kg', 'Nairobi', 43, 'KG'],
      ['cabbage-per-head', 'head', 'Kisumu', 63, 'Head'],
      ['kale', 'bunch', 'Kisumu', 23, 'Bunch'],
      ['maize-white', 'kg', 'Kisumu', 45, '50 KG'], // wholesale: 2,250 a 50 KG bag = 45 per kg
      ['maize-white', 'kg', 'Kisumu', 48, 'KG'],
      ['maize-white', 'kg', 'Nairobi', 43, '90 KG'], // 3,870 / 90
      ['wage-casual-labour', 'day', 'Nairobi', 503, 'Day'],
    ]);
  });

  it('lists both series in the menus, each with its unit', async () => {
    const menu = await ok('ProductsMenu', { query: { country: 'KEN', lang: 'en' } });
    const cabbage = menu.filter((p) => p.name === 'Cabbage').map((p) => [p.code, p.unit]);
    expect(cabbage).toEqual([
      ['cabbage', 'kg'],
      ['cabbage-per-head', 'head'],
    ]);
    // Kisumu quotes cabbage per head only: its menu has no per-kg cabbage.
    const kisumu = await ok('ProductsMenu', { query: { regionId: 'ken/nyanza', lang: 'en' } });
    expect(kisumu.filter((p) => p.name === 'Cabbage').map((p) => p.unit)).toEqual(['head']);
  });

  it('never puts per-kg and per-head prices on one line', async () => {
    const body = { from: '2024-01-01', to: '2024-12-31', granularity: 'month' as const, priceType: 'retail' as const };
    const kg = await ok('PriceTrend', {
      body: { ...body, productCode: 'cabbage', regionIds: ['ken'] },
      token: platinum,
    });
    const head = await ok('PriceTrend', {
      body: { ...body, productCode: 'cabbage-per-head', regionIds: ['ken'] },
      token: platinum,
    });
    expect(kg.product.unit).toBe('kg');
    expect(head.product.unit).toBe('head');
    expect(kg.provenance.unit).toBe('kg');
    expect(head.provenance.unit).toBe('head');
    // The national per-kg line is Nairobi's prices alone, the per-head line Kisumu's alone.
    expect(kg.series[0]?.points.map((p) => p[1])).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52]);
    expect(head.series[0]?.points.map((p) => p[1])).toEqual([61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72]);
  });

  it('names each product index with its unit where a commodity has two', async () => {
    const names = (await ok('IndexMenu', { query: { regionId: 'ken', lang: 'en' } })).map((i) => i.name);
    expect(names).toEqual(
      expect.arrayContaining(['Cabbage (per kg) price index', 'Cabbage (per head) price index', 'Kale price index']),
    );
    const zh = (await ok('IndexMenu', { query: { regionId: 'ken', lang: 'zh-CN' } })).map((i) => i.name);
    expect(zh).toEqual(expect.arrayContaining(['卷心菜（每颗）价格指数', '卷心菜（每公斤）价格指数']));
  });

  it('refuses a file only for rows that are really broken', async () => {
    const db = await getDb();
    // Half the rows in another unit than the first seen: imported (they used to refuse the file).
    const mixed = [HEADER, HXL];
    for (let m = 1; m <= 12; m++)
      mixed.push(
        `${month(m)},${NAIROBI},vegetables and fruits,Tomatoes,406,KG,actual,Retail,KES,${80 + m},`,
        `${month(m)},${KISUMU},vegetables and fruits,Tomatoes,406,Unit,actual,Retail,KES,${10 + m},`,
      );
    expect(await importCsvFile(db, file('mixed_ken.csv', mixed))).toMatchObject({ rows: 24, rejected: 0 });
    // Two broken rows in 100 (a price that is not a number, no unit): above 1 %, nothing written.
    const broken = [HEADER, HXL];
    for (let i = 0; i < 98; i++)
      broken.push(
        `2023-${String((i % 12) + 1).padStart(2, '0')}-${String(1 + Math.floor(i / 12)).padStart(2, '0')},${NAIROBI},vegetables and fruits,Onions,407,KG,actual,Retail,KES,90,`,
      );
    broken.push(`2023-06-28,${NAIROBI},vegetables and fruits,Onions,407,KG,actual,Retail,KES,abc,`);
    broken.push(`2023-06-29,${NAIROBI},vegetables and fruits,Onions,407,,actual,Retail,KES,90,`);
    const e = await importCsvFile(db, file('broken_ken.csv', broken), { rejectsPath: null }).catch((x) => x);
    expect(e).toBeInstanceOf(ImportRejected);
    expect((e as ImportRejected).summary.rejects.map((r) => [r.line, r.reason])).toEqual([
      [101, "price: 'abc' is not a number"],
      [102, 'unit: missing'],
    ]);
  });
});

describe("HDX's global file (every country, a countryiso3 column)", () => {
  const GLOBAL_HEADER = `countryiso3,${HEADER}`;
  const GLOBAL_HXL = `#country+code,${HXL}`;

  it('imports country by country in one run, one summary per country; a country with broken rows is refused alone', async () => {
    const db = await getDb();
    const ken = kenyaRows().map((r) => `KEN,${r.replace('2024-', '2025-')}`);
    const uga = [
      'UGA,2025-01-15,Central,Kampala,Kampala,9101,0.31,32.58,cereals and tubers,Maize,501,KG,actual,Wholesale,UGX,1200,',
      'UGA,2025-02-15,Central,Kampala,Kampala,9101,0.31,32.58,cereals and tubers,Maize,501,KG,actual,Wholesale,UGX,-5,',
    ];
    // Interleaved, as the global file is not grouped by country; one row names no country.
    const lines = [GLOBAL_HEADER, GLOBAL_HXL, ...ken.slice(0, 50), uga[0]!, ...ken.slice(50), uga[1]!];
    lines.push(
      ',2025-03-15,Central,Kampala,Kampala,9101,0.31,32.58,cereals and tubers,Maize,501,KG,actual,Wholesale,UGX,1250,',
    );
    const global = file('wfp_food_prices_global.csv', lines);
    const r = await importCsvByCountry(db, global);
    expect(r.countries.map((c) => [c.country, c.refused === null, c.summary.rows, c.summary.rejected])).toEqual([
      ['KEN', true, 108, 0],
      ['UGA', false, 2, 1],
    ]);
    expect(r.countries[0]?.summary).toMatchObject({ inserted: 108, countries: ['KEN'], from: '2025-01-15' });
    expect(r.countries[1]?.refused).toMatch(/1 bad row\(s\) of 2, above 1\.00 %/);
    expect(r.unplaced.map((x) => [x.line, x.reason])).toEqual([[113, 'countryiso3: missing']]);
    // One rejects file for the run, by the file's own lines.
    const rejects = readFileSync(path.join(dir, 'wfp_food_prices_global.rejects.csv'), 'utf8').split('\n');
    expect(rejects.slice(1, 3).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '112,price: -5 must be greater than 0',
      '113,countryiso3: missing',
    ]);
    const [uganda] = await query<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM price_observations o JOIN regions r ON r.num = o.market_num WHERE r.country_code = 'UGA'`,
    );
    expect(Number(uganda?.n)).toBe(0);
    // A second run changes nothing.
    const again = await importCsvByCountry(db, global, { rejectsPath: null });
    expect(again.countries[0]?.summary).toMatchObject({ inserted: 0, updated: 0, unchanged: 108 });
  });

  it('imports the real China and Bangladesh files laid out as the global file, with the defaults', async () => {
    const db = await getDb();
    const out = [GLOBAL_HEADER];
    for (const [iso, f] of [
      ['BGD', WFP_BGD_FILE],
      ['CHN', WFP_FILE],
    ] as const) {
      const [head, , ...body] = readFileSync(f, 'utf8').trimEnd().split('\n');
      const cols = head!.split(',');
      for (const line of body) {
        // Quoted commas stay in their field: split by CSV, then laid out in the global order.
        const fields = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((x) => x.replace(/,$/, ''));
        const by = new Map(cols.map((c, i) => [c, fields[i] ?? '']));
        out.push([iso, ...HEADER.split(',').map((c) => by.get(c) ?? '')].join(','));
      }
    }
    const r = await importCsvByCountry(db, file('wfp_food_prices_global_real.csv', out), { rejectsPath: null });
    expect(r.countries.map((c) => [c.country, c.refused, c.summary.rows, c.summary.rejected])).toEqual([
      ['BGD', null, 23_966, 1],
      ['CHN', null, 1_259, 0],
    ]);
    expect(r.countries[0]?.summary.flags).toEqual({ actual: 15_026, aggregate: 8_937, 'actual,aggregate': 3 });
  }, 120_000);
});

// Exchange rates as data (docs/market-data.md, "Exchange rates"): published monthly rates imported
// like prices, used for USD before the rates implied by a price source's own USD prices; every USD
// answer names its rates' source, the rate and month of its latest figure, and the months after the
// rates' last one. On the embedded database and (npm run test:pg) on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb, query } from '@/lib/server/db/client';
import { FX_H10_FILE } from '@/lib/server/seed/market';
import { importRatesFile, RatesRejected } from '@/lib/server/services/market/import/fx-import';
import { importCsvFile } from '@/lib/server/services/market/import/pipeline';
import { ok } from '../support/api-client';
import { monthsAgo, platinumMember, seedMarketFixture, TODAY } from '../support/market';

const dir = mkdtempSync(path.join(tmpdir(), 'market-fx-'));
const file = (name: string, lines: string[]) => {
  const p = path.join(dir, name);
  writeFileSync(p, `${lines.join('\n')}\n`);
  return p;
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The months from `from` (YYYY-MM) to `to`, each as YYYY-MM. */
function months(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const s = `${y}-${String(m).padStart(2, '0')}`;
    if (s > to) return out;
    out.push(s);
    m++;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The built H.10 file: CNY from 2020-01 up to three months before this one, 7 + a hundredth per month. */
const LAST_RATE = monthsAgo(3).slice(0, 7);
const CNY_MONTHS = months('2020-01', LAST_RATE);
const cnyRate = (i: number) => Math.round((7 + i / 100) * 10_000) / 10_000;

let platinum = '';
beforeAll(async () => {
  const db = await getDb();
  await seedMarketFixture(db);
  platinum = await platinumMember();
}, 120_000);

describe('a published rates file', () => {
  it('imports like a price file: every row, a second time nothing, bad rows named', async () => {
    const db = await getDb();
    const h10 = file('h10.csv', [
      'Date,Country,Exchange rate',
      ...CNY_MONTHS.map((m, i) => `${m}-01,China,${cnyRate(i)}`),
      '2008-07-01,Euro,0.6346',
    ]);
    const first = await importRatesFile(db, h10);
    expect(first).toMatchObject({ rows: CNY_MONTHS.length + 1, inserted: CNY_MONTHS.length + 1, rejected: 0 });
    expect(first.sources).toEqual([
      {
        name: 'Federal Reserve H.10 via FRED',
        licence: 'Public domain',
        currencies: ['CNY', 'EUR'],
        from: '2008-07',
        to: LAST_RATE,
      },
    ]);
    expect(await importRatesFile(db, h10)).toMatchObject({ inserted: 0, updated: 0, unchanged: CNY_MONTHS.length + 1 });
    // H.10's euro is quoted in dollars, but the file already holds euros per dollar: kept as it is.
    const [eur] = await query<{ rate: number }>(
      db,
      sql`SELECT rate FROM fx_rates WHERE currency = 'EUR' AND month = '2008-07-01'`,
    );
    expect(Number(eur?.rate)).toBe(0.6346);

    const bad = file('bad.csv', [
      'date,currency,rate,source,licence',
      '2024-01-01,KES,129.5,Central Bank of Kenya,CC BY 4.0',
      '2024-01-01,KES,130,Central Bank of Kenya,CC BY 4.0',
      '2024-02-01,KESX,130,Central Bank of Kenya,CC BY 4.0',
      '2024-03-01,KES,-1,Central Bank of Kenya,CC BY 4.0',
    ]);
    const refused = await importRatesFile(db, bad, { rejectsPath: null }).catch((e) => e);
    expect(refused).toBeInstanceOf(RatesRejected);
    expect((refused as RatesRejected).summary.rejects.map((r) => [r.line, r.reason])).toEqual([
      [3, 'duplicate of line 2 (same currency, source and month)'],
      [4, "currency: 'KESX' is not an ISO 4217 code"],
      [5, "rate: '-1' is not a number greater than 0"],
    ]);
    const [kes] = await query<{ n: string }>(db, sql`SELECT count(*) AS n FROM fx_rates WHERE currency = 'KES'`);
    expect(Number(kes?.n)).toBe(0);
  });

  it('converts China to USD at the published rate of each month, beyond the last one at its rate, and says so', async () => {
    const body = {
      productCode: 'tomato',
      regionIds: ['cn'],
      from: `${months(monthsAgo(14).slice(0, 7), TODAY.slice(0, 7))[0]}-01`,
      to: TODAY,
      granularity: 'month' as const,
    };
    const cny = await ok('PriceTrend', { body, token: platinum });
    const usd = await ok('PriceTrend', { body: { ...body, currency: 'USD' }, token: platinum });
    const fx = usd.provenance.fx!;
    const after = months(LAST_RATE, TODAY.slice(0, 7)).slice(1);
    expect(fx).toMatchObject({
      from: 'CNY',
      source: { name: 'Federal Reserve H.10 via FRED', licence: 'Public domain' },
      implied: false,
      firstMonth: '2020-01',
      lastMonth: LAST_RATE,
      rate: cnyRate(CNY_MONTHS.length - 1),
      rateMonth: LAST_RATE,
      beyondMonths: after.length,
      beyondFrom: after[0],
      missing: 0,
    });
    // Each month at its own rate: the WFP rows' implied CNY rates are not used.
    for (const [date, price] of usd.series[0]!.points) {
      const local = cny.series[0]!.points.find((p) => p[0] === date)![1];
      const i = Math.min(CNY_MONTHS.indexOf(date.slice(0, 7)), CNY_MONTHS.length - 1);
      const at = date.slice(0, 7) > LAST_RATE ? CNY_MONTHS.length - 1 : i;
      expect(price).toBeCloseTo(local / cnyRate(at), 3);
    }
  });

  it('keeps the implied rates for a currency with no published series, and says whose they are', async () => {
    const db = await getDb();
    const rows = [
      'date,admin1,admin2,market,latitude,longitude,category,commodity,unit,priceflag,pricetype,currency,price,usdprice',
    ];
    for (const [m, rate] of [
      ['2025-04', 120],
      ['2025-05', 121],
      ['2025-06', 122],
    ] as const)
      rows.push(
        `${m}-15,Dhaka,Dhaka,Dhaka Sadar,23.8,90.4,pulses and nuts,Lentils (masur),KG,actual,Retail,BDT,${rate},1`,
      );
    await importCsvFile(db, file('wfp_food_prices_bgd.csv', rows), { rejectsPath: null });
    const t = await ok('PriceTrend', {
      body: {
        productCode: 'lentils-masur',
        regionIds: ['bgd'],
        from: '2025-04-01',
        to: '2025-06-30',
        priceType: 'retail',
        currency: 'USD',
      },
      token: platinum,
    });
    expect(t.provenance.fx).toMatchObject({
      from: 'BDT',
      source: { name: 'WFP VAM via HDX', licence: 'CC BY-IGO' },
      implied: true,
      lastMonth: '2025-06',
      rate: 122,
      rateMonth: '2025-06',
      beyondMonths: 0,
    });
    expect(t.series[0]!.points.map((p) => p[1])).toEqual([1, 1, 1]);
    // The latest-price list says the same per currency.
    const list = await ok('WebPrice', { query: { country: 'BGD', currency: 'USD' } });
    expect(list.fx).toEqual([expect.objectContaining({ from: 'BDT', implied: true, rate: 122, rateMonth: '2025-06' })]);
  });
});

describe('the shipped H.10 file', () => {
  it('imports its 17,237 rows, every series local currency per US dollar', async () => {
    const db = await getDb();
    const s = await importRatesFile(db, FX_H10_FILE, { rejectsPath: null });
    expect(s).toMatchObject({ rows: 17_237, rejected: 0 });
    expect(s.sources[0]).toMatchObject({ name: 'Federal Reserve H.10 via FRED', from: '1971-01', to: '2026-06' });
    expect(s.sources[0]!.currencies).toHaveLength(34);
    const rate = async (c: string, m: string) =>
      Number(
        (await query<{ r: number }>(db, sql`SELECT rate AS r FROM fx_rates WHERE currency = ${c} AND month = ${m}`))[0]
          ?.r,
      );
    expect(await rate('CNY', '2026-06-01')).toBe(6.7758);
    // Quoted the other way by H.10, already inverted in the file: a dollar bought less than a pound in 2008.
    expect(await rate('GBP', '2008-07-01')).toBeLessThan(1);
    expect(await rate('AUD', '2008-07-01')).toBeCloseTo(1.0395, 4);
    expect(await rate('DEM', '2001-12-01')).toBe(2.1946);
  }, 60_000);
});

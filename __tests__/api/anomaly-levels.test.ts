// Anomaly levels on both databases (docs/market-data.md, "Anomaly levels"): hand-worked series
// (__tests__/support/anomaly.ts) imported as a source would send them give their hand-worked levels
// for the market, its province and the nation, in AnomalyLevels, WebPrice and PriceTrend; too short,
// too gappy and stale series say why; forecasts and aggregates never count; an import that changes
// a series recomputes its level in the same transaction. Dates follow today (scripts/test-dates.sh).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDb } from '@/lib/server/db/client';
import { importCsvFile } from '@/lib/server/services/market/import/pipeline';
import { addMonths } from '@/lib/shared/dates';
import { call, ok } from '../support/api-client';
import { HAND_CASES, handExpected, handPrices, monthsEnding } from '../support/anomaly';
import { platinumMember, TODAY } from '../support/market';

const dir = mkdtempSync(path.join(tmpdir(), 'anomaly-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = 'product,region,market,date,price,unit,flag';
type Row = { product: string; month: string; price: number; flag?: string };
async function importRows(name: string, rows: Row[]) {
  const file = path.join(dir, `${name}.csv`);
  writeFileSync(
    file,
    [
      HEADER,
      ...rows.map((r) => `${r.product},Hainan,Anomaly Test Market,${r.month},${r.price},KG,${r.flag ?? 'actual'}`),
    ].join('\n'),
  );
  return importCsvFile(await getDb(), file, { rejectsPath: null });
}
const monthly = (product: string, months: string[], prices: number[]): Row[] =>
  months.map((month, i) => ({ product, month, price: prices[i]! }));

const THIS_MONTH = monthsEnding(TODAY, 1)[0]!;
const codes = new Map<string, string>();
let platinum = '';

beforeAll(async () => {
  platinum = await platinumMember();
  const rows: Row[] = [];
  for (const [name, c] of Object.entries(HAND_CASES))
    rows.push(...monthly(`Anomaly ${name}`, monthsEnding(THIS_MONTH, 36), handPrices(c.delta, c.eta)));
  // Too short: 35 months. Too gappy: 27 of 40 months. Stale: a crisis that ended seven months ago.
  rows.push(...monthly('Anomaly short', monthsEnding(THIS_MONTH, 35), handPrices(24, 0)));
  const forty = monthsEnding(THIS_MONTH, 40);
  rows.push(
    ...monthly(
      'Anomaly gaps',
      forty.filter((_, i) => i === 0 || i > 13),
      [1000, ...handPrices(24, 0).slice(10)],
    ),
  );
  rows.push(...monthly('Anomaly stale', monthsEnding(addMonths(THIS_MONTH, -7), 36), handPrices(24, 0)));
  // Forecasts and aggregates of the normal series, far above it: they must not count.
  for (const flag of ['forecast', 'aggregate'])
    rows.push({
      product: 'Anomaly normal',
      month: addMonths(THIS_MONTH, flag === 'forecast' ? 1 : -1),
      price: 9999,
      flag,
    });
  const summary = await importRows('hand', rows);
  for (const p of summary.newProducts) codes.set(p.name, p.code);
}, 60_000);

const levels = async (minLevel?: 'stress' | 'alert' | 'crisis', token?: string) =>
  (await ok('AnomalyLevels', { query: { country: 'CHN', ...(minLevel ? { minLevel } : {}) }, token })).series.filter(
    (s) => s.product.startsWith('anomaly-') || s.productName.startsWith('Anomaly'),
  );

describe('hand-worked series', () => {
  for (const [name, c] of Object.entries(HAND_CASES)) {
    const want = handExpected(c.delta, c.eta);
    it(`${name}: level ${name === 'low' ? 'normal' : name}, score ${want.score.toFixed(2)}, for the market, Hainan and China`, async () => {
      const code = codes.get(`Anomaly ${name}`)!;
      const all = (await levels(undefined, platinum)).filter((s) => s.product === code);
      expect(all.map((s) => s.regionLevel).sort()).toEqual(['market', 'nation', 'province']);
      for (const s of all) {
        expect(s.anomaly).toMatchObject({
          level: name === 'low' ? 'normal' : name,
          score: Math.round(want.score * 100) / 100,
          why: null,
          month: THIS_MONTH.slice(0, 7),
          latest: want.latest,
          months: 36,
          span: 36,
          lastDay: THIS_MONTH,
        });
        expect(s.anomaly.fitted).toBeCloseTo(want.fitted, 3);
        expect(s.anomaly.sd).toBeCloseTo(want.sd, 3);
      }
    });
  }

  it('says why there is no level: too short, too many gaps, stale', async () => {
    const all = await levels(undefined, platinum);
    const of = (name: string) => all.find((s) => s.product === codes.get(name) && s.regionLevel === 'market')?.anomaly;
    expect(of('Anomaly short')).toMatchObject({ level: null, score: null, why: 'short', months: 35, span: 35 });
    expect(of('Anomaly gaps')).toMatchObject({ level: null, score: null, why: 'gaps', months: 27, span: 40 });
    expect(of('Anomaly stale')).toMatchObject({
      level: null,
      score: null,
      why: 'stale',
      lastDay: addMonths(THIS_MONTH, -7),
    });
  });

  it('filters "alert or crisis" per country, flagged first, and shows provinces to a logged-in user only', async () => {
    const flagged = await levels('alert', platinum);
    expect(new Set(flagged.map((s) => s.product))).toEqual(
      new Set([codes.get('Anomaly crisis'), codes.get('Anomaly alert')]),
    );
    expect(flagged[0]?.anomaly.level).toBe('crisis');
    expect(flagged).toHaveLength(6);
    const anonymous = await levels('alert');
    expect(anonymous.map((s) => s.regionLevel).sort()).toEqual(['market', 'market', 'nation', 'nation']);
    expect(await levels('crisis', platinum)).toHaveLength(3);
    const bgd = await call('AnomalyLevels', { query: { country: 'BGD', minLevel: 'stress' } });
    expect(bgd.body).toMatchObject({ code: 1, data: { country: 'BGD', series: [] } });
  });
});

describe('beside every series', () => {
  it('WebPrice carries the market series level', async () => {
    const web = await ok('WebPrice', { query: { country: 'CHN' } });
    const item = web.items.find((i) => i.product === codes.get('Anomaly alert'));
    expect(item?.anomaly).toMatchObject({ level: 'alert', score: 1.69 });
  });

  it('PriceTrend carries each region series level', async () => {
    const t = await ok('PriceTrend', {
      body: {
        productCode: codes.get('Anomaly stress')!,
        regionIds: ['hainan', 'cn'],
        from: addMonths(THIS_MONTH, -12),
        to: TODAY,
        granularity: 'month',
      },
      token: platinum,
    });
    expect(t.series.map((s) => [s.regionId, s.anomaly?.level, s.anomaly?.score])).toEqual([
      ['hainan', 'stress', 0.6],
      ['cn', 'stress', 0.6],
    ]);
  });
});

describe('recomputed by the import that changes the series', () => {
  it('moves a series from stress to crisis when a correction of its latest price arrives, and not on a re-import', async () => {
    const product = 'Anomaly stress';
    const prices = handPrices(HAND_CASES.stress.delta, HAND_CASES.stress.eta);
    const corrected = [...prices.slice(0, 35), prices[35]! + 400];
    const first = await importRows('correction', monthly(product, monthsEnding(THIS_MONTH, 36), corrected));
    expect(first.updated).toBe(1);
    const after = (await levels(undefined, platinum)).filter((s) => s.product === codes.get(product));
    for (const s of after) expect(s.anomaly.level).toBe('crisis');
    const again = await importRows('correction', monthly(product, monthsEnding(THIS_MONTH, 36), corrected));
    expect(again).toMatchObject({ inserted: 0, updated: 0 });
    expect((await levels(undefined, platinum)).filter((s) => s.product === codes.get(product))).toEqual(after);
  });
});

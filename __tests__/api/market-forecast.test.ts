// Forecasts and the forecast record (docs/market-data.md#forecasts, #forecast-record) through the
// real route handler, on hand-built monthly series imported as a source would send them: months
// without a price, a series that ended, one too short, one current. Runs on both databases.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import type { PriceAgTrendDTO } from '@/lib/api/schemas/market';
import { getDb } from '@/lib/server/db/client';
import { forecastRecords } from '@/lib/server/db/schema';
import { MIN_OBSERVED } from '@/lib/server/market/forecast';
import { importCsvFile, importRows } from '@/lib/server/services/market/import/pipeline';
import { generateDemoSeries } from '@/lib/server/market/demo-series';
import { inBatches } from '@/lib/server/seed/market';
import { ok } from '../support/api-client';
import { monthsAgo, platinumMember, TODAY } from '../support/market';

const dir = mkdtempSync(path.join(tmpdir(), 'market-forecast-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A monthly price (the 15th) with a yearly swing, a slow rise and a wiggle: the same for month index i whatever the day. */
const price = (i: number, level = 3) =>
  (level * Math.exp(0.2 * Math.sin((2 * Math.PI * i) / 12) + 0.004 * i + 0.03 * Math.sin(i * 1.7))).toFixed(4);
const row = (product: string, market: string, date: string, p: string) =>
  `${product},Jilin,${market},${date},${p},KG,wholesale,actual,Jilin Grain Bureau,CC BY 4.0,grains`;
async function importLines(name: string, lines: string[]) {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    ['product,region,market,date,price,unit,pricetype,flag,source,licence,category', ...lines].join('\n'),
  );
  return importCsvFile(await getDb(), file, { rejectsPath: null });
}
const month = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}`;

// Sorghum at Siping East, 2014-01 … 2019-12, without prices from 2017-03 to 2017-07.
const HOLE = ['2017-03', '2017-04', '2017-05', '2017-06', '2017-07'];
const ENDED = Array.from({ length: 72 }, (_, i) => month(2014 + Math.floor(i / 12), (i % 12) + 1))
  .map((m, i) => ({ m, p: price(i) }))
  .filter((x) => !HOLE.includes(x.m));

let platinum = '';
const latestRecord = async () => {
  const [r] = await (await getDb()).select().from(forecastRecords).orderBy(desc(forecastRecords.id)).limit(1);
  return r ?? null;
};
const forecast = (productCode: string, regionId: string, horizon = 6) =>
  ok('PriceAgTrend', { body: { productCode, regionId, horizon }, token: platinum }) as Promise<PriceAgTrendDTO>;

beforeAll(async () => {
  platinum = await platinumMember();
  await importLines(
    'ended.csv',
    ENDED.map((x) => row('sorghum', 'Siping East', `${x.m}-15`, x.p)),
  );
}, 120_000);

describe('the forecast record, kept by the import pipeline', () => {
  it('back-tests the real series an import changed and publishes the record', async () => {
    const r = await latestRecord();
    // The market, Jilin and the nation hold the same prices: one series.
    expect(r?.record.overall.series).toBe(1);
    expect(r?.record.products).toEqual([expect.objectContaining({ country: 'CHN', product: 'sorghum' })]);
    expect(r?.dataThrough).toBe('2019-12-01');
    // 24 held-out months, each scored up to 12 months ahead where it has a price.
    expect(r?.record.overall.forecasts).toBeGreaterThan(100);
    expect(r?.record.overall.cover80).not.toBeNull();
    // A second market makes Jilin's prices their mean: three different series now.
    await importLines(
      'second.csv',
      ENDED.map((x, i) => row('sorghum', 'Changchun North', `${x.m}-15`, price(i + 3, 3.3))),
    );
    const after = await latestRecord();
    expect(after!.id).toBeGreaterThan(r!.id);
    expect(after?.record.overall.series).toBe(3);
  });

  it('is left alone by an import of demo prices', async () => {
    const before = await latestRecord();
    await importRows(
      await getDb(),
      inBatches(
        generateDemoSeries({
          from: '2025-01-01',
          to: '2025-02-28',
          products: ['tomato'],
          markets: ['beijing/xinfadi-wholesale-market'],
        }),
      ),
    );
    expect((await latestRecord())?.id).toBe(before?.id);
  });
});

describe('PriceAgTrend on hand-built series', () => {
  it('marks the months without a price and says the series ended, dated by its last price', async () => {
    const f = await forecast('sorghum', 'jilin/siping-east');
    expect(f.history).toHaveLength(72);
    expect(f.history.filter((h) => h.interpolated).map((h) => h.date)).toEqual(HOLE);
    expect(f.observed).toMatchObject({ months: 67, of: 72, modelFrom: '2014-01', modelObserved: 67 });
    expect(f.noForecast).toEqual({ reason: 'ended', lastMonth: '2019-12', observed: 67, needed: MIN_OBSERVED });
    expect(f.forecast).toEqual([]);
    expect(f.model.madeOn).toBe('2019-12-15');
    expect(f.provenance.asOf).toBe('2019-12-15');
  });

  it('forecasts a current series with bands calibrated on the record, and says how often they held', async () => {
    const n = 40;
    await importLines(
      'current.csv',
      Array.from({ length: n }, (_, i) => row('barley', 'Siping East', `${monthsAgo(n - i).slice(0, 7)}-15`, price(i))),
    );
    const f = await forecast('barley', 'jilin/siping-east');
    const last = `${monthsAgo(1).slice(0, 7)}-15`;
    expect(f.noForecast).toBeNull();
    expect(f.forecast).toHaveLength(6);
    expect(f.forecast[0]?.date).toBe(TODAY.slice(0, 7));
    expect(f.model).toMatchObject({ madeOn: last, calibrated: true, method: expect.stringMatching(/^(ets|snaive)$/) });
    expect(f.model.cover80).toBeGreaterThan(0);
    expect(f.model.cover95).toBeGreaterThanOrEqual(f.model.cover80 ?? 1);
    expect(f.model.backtestOrigins).toBeGreaterThanOrEqual(6);
    for (const p of f.forecast) {
      expect(p.lo95).toBeLessThanOrEqual(p.lo80);
      expect(p.lo80).toBeLessThan(p.mid);
      expect(p.mid).toBeLessThan(p.hi80);
      expect(p.hi80).toBeLessThanOrEqual(p.hi95);
    }
  });

  it('makes no forecast from too few months with prices', async () => {
    const n = MIN_OBSERVED - 1;
    await importLines(
      'short.csv',
      Array.from({ length: n }, (_, i) => row('oats', 'Siping East', `${monthsAgo(n - i).slice(0, 7)}-15`, price(i))),
    );
    const f = await forecast('oats', 'jilin/siping-east');
    expect(f.history).toHaveLength(n);
    expect(f.noForecast).toMatchObject({ reason: 'tooFew', observed: n, needed: MIN_OBSERVED });
    expect(f.forecast).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import {
  backtest,
  forecastPrices,
  ForecastInputError,
  MIN_OBSERVED,
  modelStretch,
  toRegularSeries,
  type ForecastResult,
  type PricePoint,
} from '@/lib/server/market/forecast';
import { buildRecord, type SeriesBacktest } from '@/lib/server/market/forecast-record';
import { normalFrom, rngFor } from '@/lib/server/market/prng';
import { addMonths } from '@/lib/shared/dates';

// Hand-built monthly series (docs/market-data.md#forecasts): each rule on data made to show it.
const monthly = (start: string, values: (number | null)[]): PricePoint[] =>
  values.flatMap((price, i) => (price === null ? [] : [{ date: addMonths(start, i), price }]));

function expectWellFormedBands(f: ForecastResult) {
  let prevWidth = 0;
  for (const p of f.forecast) {
    expect(p.lo95).toBeLessThanOrEqual(p.lo80);
    expect(p.lo80).toBeLessThan(p.mid);
    expect(p.mid).toBeLessThan(p.hi80);
    expect(p.hi80).toBeLessThanOrEqual(p.hi95);
    const width = Math.log(p.hi95 / p.lo95);
    expect(width).toBeGreaterThanOrEqual(prevWidth - 1e-12);
    prevWidth = width;
  }
}

const normal = normalFrom(rngFor('forecast-tests'));
/** `n` months of a seasonal price (±25 %) with a slow trend and some noise. */
const seasonalValues = (n: number, noise = 0.03) =>
  Array.from(
    { length: n },
    (_, t) => 6 * Math.exp(0.25 * Math.sin((2 * Math.PI * t) / 12) + 0.002 * t + noise * normal()),
  );

describe('months with and without prices', () => {
  it('averages each month, and marks the months between prices as interpolated', () => {
    const h = toRegularSeries([
      { date: '2024-01-05', price: 10 },
      { date: '2024-01-20', price: 14 },
      { date: '2024-04-15', price: 96 },
    ]);
    expect(h.map((x) => [x.period, x.interpolated])).toEqual([
      ['2024-01', false],
      ['2024-02', true],
      ['2024-03', true],
      ['2024-04', false],
    ]);
    expect(h[0]?.price).toBe(12);
    // Log-linear between 12 and 96: ×2 a month.
    expect(h[1]?.price).toBeCloseTo(24, 9);
    expect(h[2]?.price).toBeCloseTo(48, 9);
  });

  it('leaves interpolated months out of the fit and the back-test score', () => {
    // 40 months with a 6-month hole (months 30–35), against the same series with the hole filled
    // by exactly the values the interpolation draws, given as prices.
    const values = seasonalValues(48);
    const holed = values.map((v, i) => (i >= 30 && i < 36 ? null : v));
    const a = monthly('2019-01-15', holed);
    const drawn = toRegularSeries(a);
    const filled = drawn.map((h) => ({ date: `${h.period}-15`, price: h.price }));
    const withHole = forecastPrices(a, { horizon: 6 });
    const asPrices = forecastPrices(filled, { horizon: 6 });
    const gap = drawn.filter((h) => h.interpolated).map((h) => h.period);
    expect(gap).toHaveLength(6);
    expect(withHole.observed).toBe(42);
    expect(asPrices.observed).toBe(48);
    // No scored month is one without a price; the filled series scores them.
    const scoredHole = withHole.backtest!.points.map((p) => p.period);
    expect(scoredHole.filter((p) => gap.includes(p))).toEqual([]);
    expect(asPrices.backtest!.points.some((p) => gap.includes(p.period))).toBe(true);
    expect(withHole.backtest!.points.length).toBeLessThan(asPrices.backtest!.points.length);
    // The model saw different data: the forecasts differ.
    expect(withHole.forecast[0]?.mid).not.toBeCloseTo(asPrices.forecast[0]?.mid ?? 0, 6);
    // The stretch the model reads has no value at those months.
    const s = modelStretch(drawn);
    expect([...s.y].filter((v) => Number.isNaN(v))).toHaveLength(6);
  });

  it('makes no forecast with fewer observed months than it needs, however long the history', () => {
    // 29 prices spread over 43 months (after the 21st, one month in three).
    const values = Array.from({ length: 43 }, (_, i) => (i > 20 && i % 3 !== 0 ? null : 5 + (i % 4) * 0.1));
    const pts = monthly('2020-01-15', values);
    expect(pts).toHaveLength(MIN_OBSERVED - 1);
    const f = forecastPrices(pts, { horizon: 6, today: '2023-08-01' });
    expect(f.history).toHaveLength(43);
    expect(f.observed).toBe(29);
    expect(f.forecast).toEqual([]);
    expect(f.none).toEqual({ reason: 'tooFew', observed: 29, needed: MIN_OBSERVED, from: '2020-01' });
    // One more price and it forecasts.
    const enough = forecastPrices([...pts, { date: '2023-08-15', price: 5.2 }], { horizon: 6, today: '2023-08-20' });
    expect(enough.none).toBeNull();
    expect(enough.forecast).toHaveLength(6);
  });

  it('starts the model after a gap of over a year, as Dhaka’s rice (2004–2020, then 2024–2025 from other markets)', () => {
    const before = seasonalValues(197); // 2004-01 … 2020-05
    const after = seasonalValues(10).map((v) => v * 1.4);
    const pts = [...monthly('2004-01-15', before), ...monthly('2024-09-15', after)];
    const f = forecastPrices(pts, { horizon: 6, today: '2025-07-10' });
    expect(f.history.filter((h) => h.interpolated)).toHaveLength(51); // 2020-06 … 2024-08: drawn, not used
    expect(f.stretch).toEqual({ from: '2024-09', observed: 10 });
    expect(f.none).toEqual({ reason: 'tooFew', observed: 10, needed: MIN_OBSERVED, from: '2024-09' });
  });
});

describe('no forecast of the past', () => {
  const pts = monthly('2019-01-15', seasonalValues(60)); // up to 2023-12
  it('forecasts while any month it covers is still to come, and says the series ended otherwise', () => {
    const lastMonth = forecastPrices(pts, { horizon: 6, today: '2024-06-30' });
    expect(lastMonth.forecast.map((p) => p.period)).toEqual([
      '2024-01',
      '2024-02',
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
    ]);
    const ended = forecastPrices(pts, { horizon: 6, today: '2024-07-01' });
    expect(ended.forecast).toEqual([]);
    expect(ended.none).toEqual({ reason: 'ended', lastMonth: '2023-12' });
    // Bangladesh's rice: prices to 2025-06, seen in 2026-11, twelve months ahead: still past.
    expect(forecastPrices(pts, { horizon: 12, today: '2026-11-28' }).none?.reason).toBe('ended');
    // The history is still answered, to be drawn.
    expect(ended.history).toHaveLength(60);
  });

  it('is dated by the last price it was made from, not by the day it is asked', () => {
    expect(forecastPrices(pts, { horizon: 3, today: '2024-01-20' }).madeOn).toBe('2023-12-15');
    expect(forecastPrices(pts, { horizon: 3, today: '2024-01-20', dataEnd: '2023-12-29' }).madeOn).toBe('2023-12-29');
  });
});

describe('model and benchmark', () => {
  it('fits a seasonal model, continues after the history and keeps the seasonal shape', () => {
    const f = forecastPrices(monthly('2015-01-15', seasonalValues(96, 0.02)), { horizon: 12 });
    expect(f.kind).toBe('seasonal');
    expect(f.method).toBe('ets');
    expect(f.forecast[0]?.period).toBe('2023-01');
    expectWellFormedBands(f);
    const apr = f.forecast.find((p) => p.period === '2023-04')?.mid ?? 0;
    const oct = f.forecast.find((p) => p.period === '2023-10')?.mid ?? 0;
    expect(apr / oct).toBeGreaterThan(1.4);
    expect(f.backtest?.etsMase).toBeLessThan(f.backtest?.snaiveMase ?? 0);
    expect(f.lowConfidence).toBe(false);
  });

  it('shows seasonal naive, and says so, where the model does not beat it', () => {
    // An exactly repeating year: seasonal naive has no error at all.
    const year = [3, 3.5, 4, 4.2, 3.8, 3.1, 2.6, 2.4, 2.5, 2.7, 2.9, 3.1];
    const f = forecastPrices(
      monthly(
        '2016-01-15',
        Array.from({ length: 60 }, (_, t) => year[t % 12]!),
      ),
      {
        horizon: 12,
      },
    );
    expect(f.backtest?.snaiveMae).toBeCloseTo(0, 12);
    expect(f.method).toBe('snaive');
    expect(f.lowConfidence).toBe(true);
    expect(f.forecast.map((p) => p.mid)).toEqual(year.map((v) => expect.closeTo(v, 9)));
  });

  it('refuses bad prices and a bad horizon', () => {
    expect(() => forecastPrices(monthly('2022-01-15', [1, 2, 3, 4, 5, -6]))).toThrow(ForecastInputError);
    expect(() => forecastPrices(monthly('2022-01-15', seasonalValues(40)), { horizon: 0 })).toThrow(ForecastInputError);
    expect(() => forecastPrices(monthly('2022-01-15', seasonalValues(40)), { horizon: 13 })).toThrow(
      ForecastInputError,
    );
  });
});

describe('the forecast record on the real WFP series of China and Bangladesh', () => {
  // Each market's monthly series as the file gives it (the HXL tag row is not data).
  const series = new Map<string, { country: string; product: string; pts: PricePoint[] }>();
  for (const [file, country] of [
    ['data/wfp_food_prices_chn.csv', 'CHN'],
    ['data/wfp_food_prices_bgd.csv', 'BGD'],
  ] as const) {
    const rows: Record<string, string>[] = parse(readFileSync(file, 'utf8'), { columns: true });
    for (const r of rows) {
      if (r.date!.startsWith('#') || r.priceflag !== 'actual' || r.date! < '1990') continue;
      const k = `${country}|${r.commodity}|${r.market}|${r.pricetype}`;
      const s = series.get(k) ?? { country, product: r.commodity!, pts: [] };
      s.pts.push({ date: r.date!, price: Number(r.price) });
      series.set(k, s);
    }
  }
  const tested: SeriesBacktest[] = [];
  for (const [key, s] of series) {
    const stretch = modelStretch(toRegularSeries(s.pts));
    if (stretch.observed < MIN_OBSERVED) continue;
    const b = backtest(stretch);
    if (b) tested.push({ key, country: s.country, product: s.product, backtest: b });
  }
  const record = buildRecord(tested);

  it('beats seasonal naive overall, and its calibrated bands hold within 5 points of 80 % and 95 %', () => {
    const o = record.overall;
    console.log(
      `WFP record: ${o.series} series, ${o.forecasts} forecasts; MASE model ${o.etsMase?.toFixed(3)}, seasonal naive ${o.snaiveMase?.toFixed(3)}, ratio ${o.ratio?.toFixed(3)}; ` +
        `80 % band held ${((o.cover80 ?? 0) * 100).toFixed(1)} %, 95 % band held ${((o.cover95 ?? 0) * 100).toFixed(1)} %; seasonal naive shown for ${o.snaiveShown}`,
    );
    expect(record.countries.map((c) => [c.country, c.group.series])).toEqual([
      ['BGD', 32],
      ['CHN', 16],
    ]);
    expect(o.ratio).toBeLessThan(1);
    expect(Math.abs((o.cover80 ?? 0) - 0.8)).toBeLessThanOrEqual(0.05);
    expect(Math.abs((o.cover95 ?? 0) - 0.95)).toBeLessThanOrEqual(0.05);
  });

  it('never scores a month without a price', () => {
    let scored = 0;
    for (const t of tested) {
      const observed = new Set(
        toRegularSeries(series.get(t.key)!.pts)
          .filter((h) => !h.interpolated)
          .map((h) => h.period),
      );
      const outside = t.backtest.points.filter((p) => !observed.has(p.period));
      expect(outside).toEqual([]);
      scored += t.backtest.points.length;
    }
    expect(scored).toBe(record.overall.forecasts);
  });
});

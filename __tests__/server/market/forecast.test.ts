import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import {
  forecastPrices,
  ForecastInputError,
  toRegularSeries,
  type ForecastResult,
  type PricePoint,
} from '@/lib/server/market/forecast';
import { parse } from 'csv-parse/sync';
import { normalFrom, rngFor } from '@/lib/server/market/prng';
import { addMonths, dayNumber, fromDayNumber } from '@/lib/shared/dates';

const monthly = (start: string, values: number[]): PricePoint[] =>
  values.map((price, i) => ({ date: addMonths(start, i), price }));

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

describe('forecast on the real WFP series (last 12 months held out)', () => {
  // The file's rows as they are (the HXL tag row is not data): prices are per kg already.
  const rows: Record<string, string>[] = parse(readFileSync('data/wfp_food_prices_chn.csv', 'utf8'), { columns: true });
  const series = new Map<string, PricePoint[]>();
  for (const r of rows.filter((x) => !x.date!.startsWith('#'))) {
    const k = `${r.commodity} @ ${r.market}`;
    const list = series.get(k) ?? [];
    list.push({ date: r.date!, price: Number(r.price) });
    series.set(k, list);
  }

  it('beats seasonal naive on average and keeps most held-out prices inside the 95 % band', () => {
    let modelMase = 0;
    let naiveMase = 0;
    let inside95 = 0;
    let inside80 = 0;
    let points = 0;
    let evaluated = 0;
    let lowConfidence = 0;
    for (const pts of series.values()) {
      const all = toRegularSeries(pts, 'month');
      if (all.length < 48) continue;
      const holdout = all.slice(-12);
      const firstHeldOut = holdout[0]?.period ?? '';
      const train = pts.filter((p) => p.date.slice(0, 7) < firstHeldOut);
      const f = forecastPrices(train, { horizon: 12, madeOn: '2020-01-01' });
      expectWellFormedBands(f);
      if (f.lowConfidence) lowConfidence++;
      // MASE denominator: in-sample seasonal-naive MAE of the training series.
      const y = toRegularSeries(train, 'month').map((p) => p.price);
      let scale = 0;
      for (let t = 12; t < y.length; t++) scale += Math.abs((y[t] ?? 0) - (y[t - 12] ?? 0));
      scale /= y.length - 12;
      let modelAbs = 0;
      let naiveAbs = 0;
      let n = 0;
      holdout.forEach((actual, i) => {
        const fp = f.forecast[i];
        expect(fp?.period).toBe(actual.period);
        if (!fp || actual.interpolated) return;
        modelAbs += Math.abs(actual.price - fp.mid);
        naiveAbs += Math.abs(actual.price - (y[y.length - 12 + i] ?? NaN));
        if (actual.price >= fp.lo95 && actual.price <= fp.hi95) inside95++;
        if (actual.price >= fp.lo80 && actual.price <= fp.hi80) inside80++;
        n++;
      });
      points += n;
      evaluated++;
      modelMase += modelAbs / n / scale;
      naiveMase += naiveAbs / n / scale;
    }
    const avgModel = modelMase / evaluated;
    const avgNaive = naiveMase / evaluated;
    const coverage95 = inside95 / points;
    const coverage80 = inside80 / points;
    console.log(
      `WFP hold-out: ${evaluated} series, ${points} points; mean MASE model ${avgModel.toFixed(3)}, seasonal naive ${avgNaive.toFixed(3)}; ` +
        `inside 95 % band ${(coverage95 * 100).toFixed(1)} %, inside 80 % band ${(coverage80 * 100).toFixed(1)} %; low confidence ${lowConfidence}/${evaluated}`,
    );
    expect(evaluated).toBe(16);
    expect(avgModel).toBeLessThan(avgNaive);
    expect(avgModel).toBeLessThan(2);
    expect(coverage95).toBeGreaterThanOrEqual(0.8);
    expect(coverage80).toBeGreaterThanOrEqual(0.6);
  });
});

describe('forecast behaviour', () => {
  const normal = normalFrom(rngFor('forecast-tests'));
  // 8 years of a strongly seasonal monthly price (±25 %) with a little noise.
  const seasonal = monthly(
    '2015-01-15',
    Array.from(
      { length: 96 },
      (_, t) => 6 * Math.exp(0.25 * Math.sin((2 * Math.PI * t) / 12) + 0.002 * t + 0.02 * normal()),
    ),
  );

  it('fits a seasonal model, reports its parameters, and continues the periods after the history', () => {
    const f = forecastPrices(seasonal, { horizon: 18, madeOn: '2023-01-10' });
    expect(f.model).toMatch(/^ETS\(A,Ad,A\)/);
    expect(f.seasonPeriod).toBe(12);
    expect(f.madeOn).toBe('2023-01-10');
    expect(f.history).toHaveLength(96);
    expect(f.history.at(-1)?.period).toBe('2022-12');
    expect(f.forecast.map((p) => p.period).slice(0, 3)).toEqual(['2023-01', '2023-02', '2023-03']);
    expect(f.forecast).toHaveLength(18);
    expectWellFormedBands(f);
    // The seasonal shape carries into the forecast: the peak (t ≡ 3 mod 12, April) is above the trough (October).
    const apr = f.forecast.find((p) => p.period === '2023-04')?.mid ?? 0;
    const oct = f.forecast.find((p) => p.period === '2023-10')?.mid ?? 0;
    expect(apr / oct).toBeGreaterThan(1.4);
    expect(f.backtest?.origins).toBe(36);
    expect(f.backtest?.modelMase).toBeLessThan(1.2);
    expect(f.lowConfidence).toBe(f.backtest !== null && f.backtest.modelMae >= f.backtest.naiveMae);
  });

  it('scores seasonal naive at zero on an exactly periodic series, so the model is marked low confidence', () => {
    const periodic = monthly(
      '2016-01-15',
      Array.from({ length: 60 }, (_, t) => [3, 3.5, 4, 4.2, 3.8, 3.1, 2.6, 2.4, 2.5, 2.7, 2.9, 3.1][t % 12] ?? 0),
    );
    const f = forecastPrices(periodic);
    expect(f.backtest?.naiveMae).toBeCloseTo(0, 12);
    // In-sample seasonal naive is exact too, so MASE has no scale.
    expect(f.backtest?.scale).toBe(0);
    expect(f.backtest?.naiveMase).toBeNull();
    expect(f.lowConfidence).toBe(true);
  });

  it('keeps a visible band and low confidence for a price that never moves', () => {
    const f = forecastPrices(monthly('2018-01-15', Array(40).fill(2.5)));
    expect(f.forecast[0]?.mid).toBeCloseTo(2.5, 9);
    expect(f.forecast[0]?.hi95).toBeGreaterThan(2.5 * 1.009);
    expect(f.backtest?.modelMase).toBeNull();
    expect(f.lowConfidence).toBe(true);
  });

  it('drops seasonality with under two seasons of data and benchmarks against plain naive', () => {
    const f = forecastPrices(
      monthly('2022-01-15', [5, 5.1, 5.3, 5.2, 5.4, 5.6, 5.5, 5.7, 5.9, 6, 5.8, 6.1, 6.2, 6.4]),
      { horizon: 6 },
    );
    expect(f.model).toMatch(/^ETS\(A,Ad,N\)/);
    expect(f.seasonPeriod).toBeNull();
    expect(f.params.gamma).toBeNull();
    expect(f.backtest?.origins).toBe(8);
    expect(f.forecast).toHaveLength(6);
    expectWellFormedBands(f);
  });

  it('refuses fewer than 6 periods, bad prices and a bad horizon', () => {
    expect(() => forecastPrices(monthly('2022-01-15', [1, 2, 3, 4, 5]))).toThrow(ForecastInputError);
    expect(() => forecastPrices(monthly('2022-01-15', [1, 2, 3, 4, 5, -6]))).toThrow(ForecastInputError);
    expect(() => forecastPrices(seasonal, { horizon: 0 })).toThrow(ForecastInputError);
  });

  it('aggregates daily prices to weeks (Mondays) and fills gaps log-linearly', () => {
    const start = dayNumber('2024-01-01'); // a Monday
    const daily: PricePoint[] = [];
    for (let d = 0; d < 7; d++) daily.push({ date: fromDayNumber(start + d), price: 10 + d }); // week 1: mean 13
    for (let d = 14; d < 21; d++) daily.push({ date: fromDayNumber(start + d), price: 52 }); // week 3, week 2 missing
    expect(toRegularSeries(daily, 'week')).toEqual([
      { period: '2024-01-01', price: 13, interpolated: false },
      { period: '2024-01-08', price: expect.closeTo(26, 9), interpolated: true },
      { period: '2024-01-15', price: 52, interpolated: false },
    ]);
    const weeks: PricePoint[] = [];
    for (let d = 0; d < 7 * 120; d++)
      weeks.push({
        date: fromDayNumber(start + d),
        price: 20 * Math.exp(0.1 * Math.sin((2 * Math.PI * d) / 365) + 0.01 * normal()),
      });
    const f = forecastPrices(weeks, { granularity: 'week', horizon: 8 });
    expect(f.history).toHaveLength(120);
    expect(f.forecast[0]?.period).toBe(fromDayNumber(start + 120 * 7));
    expect(f.backtest?.origins).toBe(16);
    expectWellFormedBands(f);
  });
});

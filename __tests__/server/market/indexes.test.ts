import { describe, expect, it } from '@jest/globals';
import { computeIndexes, type IndexObservation, type IndexPoint } from '@/lib/server/market/indexes';
import { fromDayNumber, dayNumber } from '@/lib/shared/dates';
import { normalFrom, rngFor } from '@/lib/server/market/prng';

const obs = (
  productCode: string,
  category: IndexObservation['category'],
  marketCode: string,
  date: string,
  price: number,
  volume?: number,
): IndexObservation => ({
  productCode,
  category,
  marketCode,
  date,
  price,
  ...(volume === undefined ? {} : { volume }),
});
const levels = (points: IndexPoint[] | undefined) => (points ?? []).map((p) => p.level);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('price index: hand-computed case (2 products, 2 markets, 3 months, base = January)', () => {
  // Prices (CNY/kg) and January volumes (kg):
  //   A (grains)      m1: 2.00 (vol 100), 2.20, 2.40    m2: 4.00 (vol 50), 4.00, 5.00
  //   B (vegetables)  m1: 10.0 (vol 10),  8.00, 12.0    m2: 5.00 (vol 20), 5.00, 6.00
  // Base prices are the January prices, so relatives are price / January price.
  // Product A: Jan 100; Feb √(2.2/2 × 4/4) = √1.1 = 1.048809 → 104.8809; Mar √(1.2 × 1.25) = √1.5 → 122.4745
  // Product B: Jan 100; Feb √(8/10 × 5/5) = √0.8 = 0.894427 → 89.4427;  Mar √(1.2 × 1.2) = 1.2 → 120
  // Base-period values: A = 2×100 + 4×50 = 400, B = 10×10 + 5×20 = 200 → weights A 2/3, B 1/3.
  // Composite: Jan 100; Feb 2/3 × 104.8809 + 1/3 × 89.4427 = 99.73483; Mar 2/3 × 122.4745 + 1/3 × 120 = 121.64966
  // Month-on-month: Feb 99.73483/100 − 1 = −0.26517 %; Mar 121.64966/99.73483 − 1 = +21.97307 %
  const data = [
    obs('A', 'grains', 'm1', '2020-01-15', 2, 100),
    obs('A', 'grains', 'm1', '2020-02-15', 2.2),
    obs('A', 'grains', 'm1', '2020-03-15', 2.4),
    obs('A', 'grains', 'm2', '2020-01-15', 4, 50),
    obs('A', 'grains', 'm2', '2020-02-15', 4),
    obs('A', 'grains', 'm2', '2020-03-15', 5),
    obs('B', 'vegetables', 'm1', '2020-01-15', 10, 10),
    obs('B', 'vegetables', 'm1', '2020-02-15', 8),
    obs('B', 'vegetables', 'm1', '2020-03-15', 12),
    obs('B', 'vegetables', 'm2', '2020-01-15', 5, 20),
    obs('B', 'vegetables', 'm2', '2020-02-15', 5),
    obs('B', 'vegetables', 'm2', '2020-03-15', 6),
  ];
  const r = computeIndexes(data, { granularity: 'month', base: { from: '2020-01', to: '2020-01' } });

  it('gives the worked product relatives, weights and composite', () => {
    expect(r.equalWeights).toBe(false);
    expect(r.weights.A).toBeCloseTo(2 / 3, 12);
    expect(r.weights.B).toBeCloseTo(1 / 3, 12);
    const close = (xs: number[], ys: number[]) => xs.forEach((x, i) => expect(x).toBeCloseTo(ys[i] ?? NaN, 4));
    close(levels(r.products.A), [100, 104.8809, 122.4745]);
    close(levels(r.products.B), [100, 89.4427, 120]);
    close(levels(r.categories.grains), [100, 104.8809, 122.4745]);
    close(levels(r.categories.vegetables), [100, 89.4427, 120]);
    close(levels(r.composite), [100, 99.73483, 121.64966]);
    expect(r.composite.map((p) => p.period)).toEqual(['2020-01', '2020-02', '2020-03']);
  });

  it('gives month-on-month changes and no year-on-year or day-on-day for a monthly series', () => {
    expect(r.composite[0]?.mom).toBeNull();
    expect(r.composite[1]?.mom).toBeCloseTo(-0.26517, 4);
    expect(r.composite[2]?.mom).toBeCloseTo(21.97307, 4);
    expect(r.composite.every((p) => p.yoy === null && p.dod === null && p.coverage === 1)).toBe(true);
    expect(r.base).toEqual({ from: '2020-01-01', to: '2020-01-31', fullCalendarYear: false });
  });

  it('falls back to equal weights, and says so, when a base-period volume is missing', () => {
    const noVolume = data.map((o) => (o.productCode === 'B' && o.marketCode === 'm2' ? { ...o, volume: null } : o));
    const eq = computeIndexes(noVolume, { granularity: 'month', base: { from: '2020-01', to: '2020-01' } });
    expect(eq.equalWeights).toBe(true);
    expect(eq.weights).toEqual({ A: 0.5, B: 0.5 });
    // Feb: (104.8809 + 89.4427) / 2
    expect(eq.composite[1]?.level).toBeCloseTo(97.1618, 4);
  });
});

/** Three years of noisy daily prices for 3 products × 3 markets, 2019-03-01 … 2022-02-28. */
function syntheticDaily(scale = 1, constantProduct = false) {
  const rand = rngFor('index-properties');
  const normal = normalFrom(rand);
  const out: IndexObservation[] = [];
  const start = dayNumber('2019-03-01');
  const end = dayNumber('2022-02-28');
  const products = [
    { code: 'rice', category: 'grains' as const, level: 4 },
    { code: 'cabbage', category: 'vegetables' as const, level: 2 },
    { code: 'pork', category: 'meat-poultry' as const, level: 25 },
  ];
  for (const p of products) {
    for (const [mi, m] of ['m1', 'm2', 'm3'].entries()) {
      let x = 0;
      for (let d = start; d <= end; d++) {
        x = 0.9 * x + 0.03 * normal();
        const flat = constantProduct && p.code === 'rice';
        const price = flat ? p.level * (1 + mi / 10) : p.level * (1 + mi / 10) * Math.exp(x + 0.2 * Math.sin(d / 58));
        out.push(obs(p.code, p.category, m, fromDayNumber(d), price * scale, 1000 + mi * 100));
      }
    }
  }
  return out;
}

describe('price index: properties', () => {
  const data = syntheticDaily();
  const r = computeIndexes(data, { granularity: 'day' });
  const inBase = (p: IndexPoint) => p.period >= r.base.from && p.period <= r.base.to;

  it('takes the first full calendar year as the default base, and the base period averages to 100', () => {
    expect(r.base).toEqual({ from: '2020-01-01', to: '2020-12-31', fullCalendarYear: true });
    for (const series of [r.composite, ...Object.values(r.products), ...Object.values(r.categories)]) {
      expect(mean(levels(series?.filter(inBase)))).toBeCloseTo(100, 9);
    }
    expect(r.composite.filter((p) => !inBase(p)).some((p) => Math.abs(p.level - 100) > 1)).toBe(true);
  });

  it('is unchanged when every price is multiplied by the same factor', () => {
    const scaled = computeIndexes(syntheticDaily(7.3), { granularity: 'day' });
    expect(scaled.weights).toEqual(
      Object.fromEntries(Object.entries(r.weights).map(([k, v]) => [k, expect.closeTo(v, 12)])),
    );
    levels(scaled.composite).forEach((x, i) => expect(x).toBeCloseTo(levels(r.composite)[i] ?? NaN, 9));
    levels(scaled.products.pork).forEach((x, i) => expect(x).toBeCloseTo(levels(r.products.pork)[i] ?? NaN, 9));
  });

  it('keeps a product with constant prices at 100 in every period', () => {
    const flat = computeIndexes(syntheticDaily(1, true), { granularity: 'day' });
    expect(flat.products.rice?.length).toBe(dayNumber('2022-02-28') - dayNumber('2019-03-01') + 1);
    expect(flat.products.rice?.every((p) => Math.abs(p.level - 100) < 1e-9)).toBe(true);
  });

  it('uses value shares from base-period volumes as weights', () => {
    expect(r.equalWeights).toBe(false);
    // pork trades at ~12× the price of cabbage on the same volumes, so it dominates the composite.
    expect(r.weights.pork).toBeGreaterThan(0.7);
    expect(Object.values(r.weights).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('price index: aligning day-on-day, month-on-month and year-on-year', () => {
  // One product, one market; base = 2023, so the level is price / 2023 average × 100 and ratios of
  // levels equal ratios of prices.
  const days: [string, number][] = [
    ['2023-01-02', 10],
    ['2023-03-28', 12],
    ['2024-02-29', 20],
    ['2024-03-25', 18],
    ['2024-03-29', 15], // previous point 4 days back: no day-on-day
    ['2024-03-30', 16],
    ['2024-03-31', 16.5],
    ['2025-02-28', 22],
  ];
  const r = computeIndexes(
    days.map(([d, p]) => obs('x', 'fruit', 'm', d, p)),
    { granularity: 'day', base: { from: '2023-01-01', to: '2023-12-31' } },
  );
  const by = Object.fromEntries((r.products.x ?? []).map((p) => [p.period, p]));

  it('compares day-on-day with the latest point at most 3 days back', () => {
    expect(by['2024-03-29']?.dod).toBeNull();
    expect(by['2024-03-30']?.dod).toBeCloseTo((16 / 15 - 1) * 100, 9);
    expect(by['2024-03-31']?.dod).toBeCloseTo((16.5 / 16 - 1) * 100, 9);
  });

  it('compares month-on-month with the same day of the previous month, clamped, or up to 7 days before it', () => {
    // 2024-03-31 → 2024-02-29 exists.
    expect(by['2024-03-31']?.mom).toBeCloseTo((16.5 / 20 - 1) * 100, 9);
    // 2024-03-29 → 2024-02-29 exists.
    expect(by['2024-03-29']?.mom).toBeCloseTo((15 / 20 - 1) * 100, 9);
    // 2024-03-25 → 2024-02-25 missing; nearest earlier within 7 days: none (02-18 … 02-25).
    expect(by['2024-03-25']?.mom).toBeNull();
  });

  it('compares year-on-year with the same day a year earlier, leap days clamped, or up to 7 days before it', () => {
    // 2024-03-29 → 2023-03-29 missing, 2023-03-28 is 1 day before: used.
    expect(by['2024-03-29']?.yoy).toBeCloseTo((15 / 12 - 1) * 100, 9);
    // 2025-02-28 → 2024-02-28 missing; 2024-02-29 is after it, so not used; nothing 7 days before.
    expect(by['2025-02-28']?.yoy).toBeNull();
    // 2024-02-29 → 2023-02-28 missing; nothing within 7 days before.
    expect(by['2024-02-29']?.yoy).toBeNull();
  });

  it('renormalises weights over the products that have a price and reports the coverage', () => {
    const mixed = computeIndexes(
      [
        obs('a', 'grains', 'm', '2020-01-15', 1),
        obs('b', 'grains', 'm', '2020-01-15', 1),
        obs('a', 'grains', 'm', '2020-02-15', 1.1),
      ],
      { granularity: 'month', base: { from: '2020-01', to: '2020-01' } },
    );
    expect(mixed.composite.map((p) => [p.period, p.level, p.coverage])).toEqual([
      ['2020-01', 100, 1],
      ['2020-02', expect.closeTo(110, 9), 0.5],
    ]);
  });

  it('leaves out markets with no base-period price and lists them', () => {
    const res = computeIndexes(
      [
        obs('a', 'oils', 'm1', '2020-01-15', 10),
        obs('a', 'oils', 'm1', '2020-02-15', 11),
        obs('a', 'oils', 'late', '2020-02-15', 50),
        obs('b', 'oils', 'late', '2020-02-15', 5),
      ],
      { granularity: 'month', base: { from: '2020-01', to: '2020-01' } },
    );
    expect(levels(res.products.a)).toEqual([100, expect.closeTo(110, 9)]);
    expect(res.products.b).toBeUndefined();
    expect(res.excluded).toEqual([
      { productCode: 'a', marketCode: 'late', reason: 'no price in the base period' },
      { productCode: 'b', marketCode: 'late', reason: 'no price in the base period' },
      { productCode: 'b', marketCode: null, reason: 'no market has a price in the base period' },
    ]);
  });

  it('computes year-on-year on monthly series twelve months back', () => {
    const monthly = computeIndexes(
      ['2020-01', '2020-02', '2021-01', '2021-03'].map((m, i) => obs('a', 'fruit', 'm', `${m}-10`, 10 + i)),
      { granularity: 'month', base: { from: '2020-01', to: '2020-02' } },
    );
    expect(monthly.products.a?.map((p) => [p.period, p.yoy === null ? null : Math.round(p.yoy * 1e6) / 1e6])).toEqual([
      ['2020-01', null],
      ['2020-02', null],
      ['2021-01', 20],
      ['2021-03', null],
    ]);
    expect(monthly.base).toEqual({ from: '2020-01-01', to: '2020-02-29', fullCalendarYear: false });
  });

  it('rejects a non-positive price and an inverted base period', () => {
    expect(() => computeIndexes([obs('a', 'fruit', 'm', '2020-01-01', 0)], { granularity: 'day' })).toThrow(RangeError);
    expect(() =>
      computeIndexes([obs('a', 'fruit', 'm', '2020-01-01', 1)], {
        granularity: 'day',
        base: { from: '2020-02', to: '2020-01' },
      }),
    ).toThrow(RangeError);
  });
});

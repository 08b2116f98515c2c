// Showing a series in another currency (lib/server/services/market/read/fx.ts): each point divided by
// its month's rate and rounded to 4 decimals; a point of a month without a rate is left out and
// counted, never shown at a made-up rate.
import { describe, expect, it } from '@jest/globals';
import { convertPoints, type Money } from '@/lib/server/services/market/read/fx';

const usd = (rates: Record<string, number>): Money => ({
  currency: 'USD',
  rateAt: (date) => rates[date.slice(0, 7)] ?? null,
  fx: () => null,
});

type P = [string, number, number | null, number | null];

describe('convertPoints', () => {
  it('divides price, low and high by the month’s rate, to 4 decimals, keeping a missing low or high', () => {
    const points: P[] = [
      ['2024-01-15', 100, 90, 110],
      ['2024-02-15', 120, null, null],
    ];
    const { points: shown, missing } = convertPoints(points, usd({ '2024-01': 3, '2024-02': 7 }));
    expect(shown).toEqual([
      ['2024-01-15', 33.3333, 30, 36.6667],
      ['2024-02-15', 17.1429, null, null],
    ]);
    expect(missing).toBe(0);
  });

  it('leaves out and counts the points of months without a rate', () => {
    const points: P[] = [
      ['2023-12-31', 50, 40, 60],
      ['2024-01-01', 100, 90, 110],
      ['2023-12-01', 10, null, null],
    ];
    const { points: shown, missing } = convertPoints(points, usd({ '2024-01': 2 }));
    expect(shown).toEqual([['2024-01-01', 50, 45, 55]]);
    expect(missing).toBe(2);
  });

  it('only rounds prices shown in their own currency', () => {
    const local: Money = { currency: 'CNY', rateAt: () => 1, fx: () => null };
    expect(convertPoints([['2024-01-01', 1.234567, null, 2]] as P[], local)).toEqual({
      points: [['2024-01-01', 1.2346, null, 2]],
      missing: 0,
    });
  });
});

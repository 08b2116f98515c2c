// A long daily window is drawn with at most `points` points per line (docs/decisions/downsampled-series.md),
// while its statistics and a CSV export keep every observation.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ok } from '../support/api-client';
import { FIXTURE_FROM, platinumMember, seedMarketFixture, TODAY } from '../support/market';

let platinum = '';
beforeAll(async () => {
  await seedMarketFixture();
  platinum = await platinumMember();
}, 120_000);

// Three provinces of the fixture, daily for three years and more: over a thousand prices per line.
const LONG = { productCode: 'tomato', regionIds: ['shandong', 'henan', 'beijing'], from: FIXTURE_FROM, to: TODAY };

describe('a thinned trend', () => {
  it('draws at most the points asked for, keeping the first and last day and the statistics of every price', async () => {
    const full = await ok('PriceTrend', { body: LONG, token: platinum });
    const thin = await ok('PriceTrend', { body: { ...LONG, points: 300 }, token: platinum });
    expect(full.series).toHaveLength(3);
    for (const [i, s] of thin.series.entries()) {
      const all = full.series[i]!;
      expect(all.points.length).toBeGreaterThan(1000);
      expect(all.observations).toBe(all.points.length);
      expect(s.observations).toBe(all.points.length);
      expect(s.points).toHaveLength(300);
      expect(s.points[0]).toEqual(all.points[0]);
      expect(s.points.at(-1)).toEqual(all.points.at(-1));
      // Kept points are real observations, low and high included, in date order.
      const byDay = new Map(all.points.map((p) => [p[0], p]));
      for (const p of s.points) expect(byDay.get(p[0])).toEqual(p);
      expect(s.points.map((p) => p[0])).toEqual([...s.points.map((p) => p[0])].sort());
      // The highest and lowest prices of the window are always drawn (docs/decisions/downsampled-series.md).
      const prices = s.points.map((p) => p[1]);
      expect(Math.max(...prices)).toBe(all.stats.max);
      expect(Math.min(...prices)).toBe(all.stats.min);
      expect(s.stats).toEqual(all.stats);
    }
  });

  it('leaves a short window untouched', async () => {
    const body = { ...LONG, from: LONG.to.slice(0, 8) + '01', points: 300 };
    const t = await ok('PriceTrend', { body, token: platinum });
    for (const s of t.series) expect(s.points.length).toBe(s.observations);
  });

  it('exports every observation even when points are asked for', async () => {
    const t = await ok('PriceTrend', { body: { ...LONG, points: 300, export: true }, token: platinum });
    for (const s of t.series) {
      expect(s.points.length).toBeGreaterThan(1000);
      expect(s.points.length).toBe(s.observations);
    }
  });
});

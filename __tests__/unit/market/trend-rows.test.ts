// How a trend answer becomes chart lines (docs/market-data.md#defaults), on hand-built answers:
// overlays named by the span of their own prices; monthly series straight, dotted, broken at
// months without a price.
import { describe, expect, it } from '@jest/globals';
import type { PriceTrendDTO } from '@/lib/api/schemas/market';
import { isMonthly, monthlyRuns, seasonalLabel, trendRows } from '@/components/shared/market/trend-rows';
import { marketLabelsEn } from '@/lib/i18n/messages/market-labels.en';
import { marketLabelsZhCN } from '@/lib/i18n/messages/market-labels.zh-cn';

type Series = PriceTrendDTO['series'][number];
const series = (regionId: string, points: [string, number][], seasonal: Series['seasonal'] = []): Series => ({
  regionId,
  regionName: regionId,
  regionLevel: 'market',
  points: points.map(([d, p]) => [d, p, null, null]),
  observations: points.length,
  last: points.at(-1)?.[0] ?? null,
  stats: { latest: null, change: null, changePct: null, min: null, max: null, avg: null },
  anomaly: null,
  seasonal,
});
const answer = (s: Series[], granularity: PriceTrendDTO['granularity'] = 'day'): PriceTrendDTO =>
  ({ granularity, from: '2024-01-01', to: '2024-12-31', series: s }) as PriceTrendDTO;

describe('seasonal overlay labels', () => {
  it('name a line by the span of its own prices and the years it moved, not by the window’s year', () => {
    // A window of 2024-01 … 2024-11 overlaid with the prices of two years before.
    const y = { year: 2022, shift: 2, from: '2022-01-03', to: '2022-11-28', points: [] as [string, number][] };
    expect(seasonalLabel(marketLabelsEn.seasonalSpan, y)).toBe('2022-01 – 2022-11, +2 y');
    expect(seasonalLabel(marketLabelsZhCN.seasonalSpan, y)).toBe('2022-01 – 2022-11（后移 2 年）');
    // A window across the new year holds two calendar years: the label says so.
    const across = { year: 2023, shift: 1, from: '2023-11-01', to: '2024-01-31', points: [] as [string, number][] };
    expect(seasonalLabel(marketLabelsEn.seasonalSpan, across)).toBe('2023-11 – 2024-01, +1 y');
  });

  it('label the chart’s overlay lines that way', () => {
    const tr = answer([
      series(
        'shandong',
        [['2024-11-01', 5]],
        [{ year: 2023, shift: 1, from: '2023-11-01', to: '2023-11-30', points: [['2024-11-01', 4]] }],
      ),
    ]);
    const { series: lines } = trendRows(tr, [], tr.from, marketLabelsEn.seasonalSpan);
    expect(lines.map((l) => l.label)).toEqual(['shandong', '2023-11 – 2023-11, +1 y']);
  });
});

describe('monthly series', () => {
  const wfp: [string, number][] = [
    ['2024-01-15', 10],
    ['2024-02-15', 11],
    ['2024-03-15', 12],
    // no price in April and May
    ['2024-06-15', 13],
    ['2024-07-15', 12],
  ];

  it('are told apart from daily ones by their spacing, or by monthly buckets', () => {
    expect(
      isMonthly(
        wfp.map((p) => p[0]),
        'day',
      ),
    ).toBe(true);
    expect(isMonthly(['2024-01-01', '2024-01-02', '2024-01-03', '2024-02-10'], 'day')).toBe(false);
    expect(isMonthly(['2024-01-01'], 'month')).toBe(true);
  });

  it('break where a month has no price', () => {
    expect(monthlyRuns(wfp).map((r) => r.map((p) => p[0]))).toEqual([
      ['2024-01-15', '2024-02-15', '2024-03-15'],
      ['2024-06-15', '2024-07-15'],
    ]);
    // Month buckets (the 1st) one month apart are consecutive, whatever the month's length.
    expect(monthlyRuns([['2024-01-01'], ['2024-02-01'], ['2024-03-01']] as [string][])).toHaveLength(1);
  });

  it('are drawn as straight runs with dots, one entry in the key, beside a daily line unbroken', () => {
    const daily: [string, number][] = Array.from({ length: 200 }, (_, i) => [
      new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
      20 + i / 100,
    ]);
    const { rows, series: lines } = trendRows(
      answer([series('dhaka', wfp), series('khulna', daily)]),
      [],
      '2024-01-01',
      marketLabelsEn.seasonalSpan,
    );
    expect(lines.map((l) => [l.key, l.monthly, l.inLegend, l.slot])).toEqual([
      ['r:dhaka', true, true, 0],
      ['r:dhaka#1', true, false, 0],
      ['r:khulna', false, true, 1],
    ]);
    // No row holds both runs: the line cannot join March to June.
    expect(rows.some((r) => r['r:dhaka'] !== undefined && r['r:dhaka#1'] !== undefined)).toBe(false);
    expect(rows.filter((r) => r['r:khulna'] !== undefined)).toHaveLength(200);
  });
});

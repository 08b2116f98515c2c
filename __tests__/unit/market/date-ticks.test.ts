import { describe, expect, it } from '@jest/globals';
import { dateLabel, dateTicks } from '@/components/shared/market/date-ticks';

/** `n` consecutive days from 2025-01-01. */
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10));
const monthDay = (d: string) => d.slice(5); // "01-31": 5 characters, about 35 px
const CHAR_PX = 7;

describe('the dates a chart labels on its x-axis', () => {
  it('as many as fit a phone, evenly spread from the first day, each label clear of the next', () => {
    const dates = days(365);
    const width = 330;
    const ticks = dateTicks(dates, monthDay, width, 28);
    expect(ticks[0]).toBe('2025-01-01');
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(Math.floor(width / (5 * CHAR_PX + 28)) + 1);
    const px = width / (dates.length - 1);
    const at = ticks.map((d) => dates.indexOf(d) * px);
    const steps = at.slice(1).map((x, i) => x - at[i]!);
    for (const s of steps) expect(s).toBeGreaterThanOrEqual(5 * CHAR_PX + 28 - 0.001);
    expect(new Set(steps.map((s) => s.toFixed(6))).size).toBe(1);
  });

  it('more on a wide desktop chart than on a phone', () => {
    const dates = days(365);
    expect(dateTicks(dates, monthDay, 1200, 28).length).toBeGreaterThan(dateTicks(dates, monthDay, 330, 28).length);
  });

  it('never a label whose half would pass the right end of the chart', () => {
    // 9 points over 330 px: one every 41 px; a label of 35 px from the last point would stick out.
    const dates = days(9);
    const width = 330;
    const ticks = dateTicks(dates, monthDay, width, 0);
    const px = width / (dates.length - 1);
    for (const d of ticks) expect(dates.indexOf(d) * px + (5 * CHAR_PX) / 2).toBeLessThanOrEqual(width + 12);
    expect(ticks).toContain('2025-01-01');
  });

  it('every day when there is room (but the last, at the very end), none before the chart has a width', () => {
    expect(dateTicks(days(5), monthDay, 1000, 28)).toEqual(days(4));
    expect(dateTicks(days(30), monthDay, 0, 28)).toEqual([]);
    expect(dateTicks(days(1), monthDay, 300, 28)).toEqual(['2025-01-01']);
  });
});

describe('the label of a date on a chart axis', () => {
  it('month-day within one calendar year', () => {
    expect(dateLabel('2025-01-01', '2025-12-31')('2025-03-09')).toBe('03-09');
  });

  it('the whole date when a year-long span crosses New Year, so "01-09" says which year', () => {
    const label = dateLabel('2025-11-26', '2026-11-25');
    expect(label('2025-11-26')).toBe('2025-11-26');
    expect(label('2026-01-09')).toBe('2026-01-09');
    // A 90-day window over New Year too.
    expect(dateLabel('2025-12-01', '2026-02-28')('2026-01-09')).toBe('2026-01-09');
  });

  it('year-month beyond a year and for monthly buckets', () => {
    expect(dateLabel('2021-11-26', '2026-11-25')('2024-02-01')).toBe('2024-02');
    expect(dateLabel('2025-01-01', '2025-06-30', 'month')('2025-03-01')).toBe('2025-03');
  });
});

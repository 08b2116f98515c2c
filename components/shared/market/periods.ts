/**
 * Labels that follow a series' granularity (docs/market-data.md#defaults): a monthly index has no
 * day-on-day change, and a month's bucket is dated by its month ("2025-06"), not by its first day.
 */
export type Granularity = 'day' | 'week' | 'month';

/** The changes an index of this granularity publishes: their message keys and places in a point. */
export function indexChanges(g: 'day' | 'month'): { key: 'dod' | 'mom' | 'yoy'; at: 2 | 3 | 4 }[] {
  const all = [
    { key: 'dod', at: 2 },
    { key: 'mom', at: 3 },
    { key: 'yoy', at: 4 },
  ] as const;
  return g === 'month' ? all.filter((c) => c.key !== 'dod') : [...all];
}

/** The change a summary card shows beside the year-on-year one: the step of the series. */
export const shortChange = (g: 'day' | 'month') => indexChanges(g)[0]!;

/** A date as its bucket reads: a month's as "2025-06", a day's (or a week's Monday) as itself. */
export function bucketDate(date: string, g: Granularity): string {
  return g === 'month' ? date.slice(0, 7) : date;
}

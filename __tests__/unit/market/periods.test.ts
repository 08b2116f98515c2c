// Labels that follow a series' granularity (docs/market-data.md#defaults).
import { describe, expect, it } from '@jest/globals';
import { bucketDate, indexChanges, shortChange } from '@/components/shared/market/periods';

describe('period-on-period labels', () => {
  it('give a monthly index no day-on-day change', () => {
    expect(indexChanges('month').map((c) => c.key)).toEqual(['mom', 'yoy']);
    expect(shortChange('month')).toEqual({ key: 'mom', at: 3 });
  });

  it('give a daily index all three, day-on-day first', () => {
    expect(indexChanges('day').map((c) => [c.key, c.at])).toEqual([
      ['dod', 2],
      ['mom', 3],
      ['yoy', 4],
    ]);
    expect(shortChange('day')).toEqual({ key: 'dod', at: 2 });
  });
});

describe('bucket dates', () => {
  it('read a month as its month, and a day or a week’s Monday as itself', () => {
    expect(bucketDate('2025-06-01', 'month')).toBe('2025-06');
    expect(bucketDate('2025-06-15', 'day')).toBe('2025-06-15');
    expect(bucketDate('2025-06-02', 'week')).toBe('2025-06-02');
  });
});

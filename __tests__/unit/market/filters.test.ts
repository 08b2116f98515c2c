import { describe, expect, it } from '@jest/globals';
import { nationOf } from '@/lib/api/schemas/market-ids';
import { addMonths } from '@/lib/shared/dates';
import {
  defaultFilters,
  isStale,
  parseFilters,
  serializeFilters,
  windowForData,
  windowOf,
} from '@/components/shared/market/filters';

const TODAY = '2026-05-31';

describe('functionality filters', () => {
  it('counts preset windows back from today as the server does (months clamped)', () => {
    const f = defaultFilters(TODAY);
    expect(windowOf({ ...f, range: '90d' }, TODAY)).toEqual({ from: '2026-03-02', to: TODAY });
    expect(windowOf({ ...f, range: '6m' }, TODAY)).toEqual({ from: '2025-11-30', to: TODAY });
    expect(windowOf({ ...f, range: '1y' }, TODAY)).toEqual({ from: '2025-05-31', to: TODAY });
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(windowOf({ ...f, range: 'custom', from: '2026-02-01', to: '2026-01-01' }, TODAY)).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
    });
  });

  it('moves a preset window with no data to where the data ends; a custom window stays', () => {
    const f = defaultFilters(TODAY);
    // WFP's China series end 2020-10-15: 90 days of data, not an empty window.
    expect(windowForData({ ...f, range: '90d' }, TODAY, '2020-10-15')).toEqual({
      from: '2020-07-17',
      to: '2020-10-15',
      movedTo: '2020-10-15',
    });
    expect(windowForData({ ...f, range: '1y' }, TODAY, '2020-10-15')).toMatchObject({ from: '2019-10-15' });
    // Data inside the window (even only at its start), or none known: the window as chosen.
    expect(windowForData({ ...f, range: '90d' }, TODAY, '2026-03-02')).toEqual({
      from: '2026-03-02',
      to: TODAY,
      movedTo: null,
    });
    expect(windowForData({ ...f, range: '90d' }, TODAY, null).movedTo).toBeNull();
    const custom = { ...f, range: 'custom' as const, from: '2026-01-01', to: '2026-02-01' };
    expect(windowForData(custom, TODAY, '2020-10-15')).toEqual({ from: '2026-01-01', to: '2026-02-01', movedTo: null });
  });

  it('calls a series stale when its last price is more than 60 days old', () => {
    expect(isStale('2026-04-01', TODAY)).toBe(false);
    expect(isStale('2026-03-31', TODAY)).toBe(true);
    expect(isStale('2020-10-15', TODAY)).toBe(true);
    expect(isStale(null, TODAY)).toBe(false);
  });

  it('round-trips through the query string, and only writes what differs from the defaults', () => {
    const f = {
      ...defaultFilters(TODAY),
      product: 'tomato',
      region: 'shandong',
      compare: ['henan', 'cn'],
      range: 'custom' as const,
      from: '2025-01-01',
      to: '2025-06-30',
      granularity: 'week' as const,
      seasonal: true,
      indexCode: 'cat:vegetables',
      horizon: 12,
    };
    const q = serializeFilters(f);
    expect(q).toBe(
      '?product=tomato&region=shandong&compare=henan%2Ccn&range=custom&from=2025-01-01&to=2025-06-30&granularity=week&seasonal=1&index=cat%3Avegetables&horizon=12',
    );
    expect(parseFilters(q, defaultFilters(TODAY))).toEqual(f);
    expect(serializeFilters(defaultFilters(TODAY))).toBe('');
  });

  it('keeps the defaults for anything malformed in a shared link', () => {
    const d = defaultFilters(TODAY);
    const f = parseFilters(
      '?product=<script>&range=10y&from=yesterday&granularity=hour&horizon=99&compare=a,b,c,d,e,f',
      d,
    );
    expect(f).toMatchObject({ product: null, range: '90d', from: d.from, granularity: 'day', horizon: 6 });
    expect(f.compare).toEqual(['a', 'b', 'c', 'd']);
  });

  it("keeps a country and the USD switch in the link; the country's nation is its default region", () => {
    const f = parseFilters('?country=bgd&currency=usd&product=lentils-masur', defaultFilters(TODAY));
    expect(f).toMatchObject({ country: 'BGD', currency: 'USD', region: 'bgd', product: 'lentils-masur' });
    expect(serializeFilters(f)).toBe('?country=BGD&currency=usd&product=lentils-masur');
    expect(parseFilters('?country=BGD&region=bgd%2Fdhaka', defaultFilters(TODAY)).region).toBe('bgd/dhaka');
    expect(nationOf('CHN')).toBe('cn');
    expect(parseFilters('?country=Bangladesh&currency=eur', defaultFilters(TODAY))).toMatchObject({
      country: 'CHN',
      currency: 'local',
      region: 'cn',
    });
  });
});

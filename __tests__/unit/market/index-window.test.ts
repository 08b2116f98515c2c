import { describe, expect, it } from '@jest/globals';
import type { ResponseOf } from '@/lib/api/contract';
import { marketCalls, type Known } from '@/components/shared/market/calls';
import { defaultFilters } from '@/components/shared/market/filters';

const TODAY = '2026-05-31';
const WHEAT_END = '2020-10-15';

const index = (code: string, scope: 'composite' | 'category' | 'product', subject: string | null) => ({
  code,
  name: code,
  scope,
  subject,
  granularity: 'day' as const,
  basePeriod: { start: '2020-01-01', end: '2020-12-31' },
  equalWeights: false,
  countryCode: 'CHN',
  priceType: 'wholesale' as const,
  currency: 'CNY',
});
const product = (code: string, categoryCode: string, to: string) => ({
  code,
  name: code,
  unit: 'kg',
  categoryCode,
  categoryName: categoryCode,
  demo: false,
  mapped: true,
  from: '2019-01-01',
  to,
  priceTypes: ['wholesale' as const],
  currency: 'CNY',
  sources: [],
  staple: false,
});
const country = {
  code: 'CHN',
  name: 'China',
  currency: 'CNY',
  regionId: 'cn',
  from: '2019-01-01',
  to: TODAY,
  markets: 17,
  products: 2,
  index: null,
  usd: true,
} satisfies ResponseOf<'CountryMenu'>[number];

const known = (over: Partial<Known> = {}): Known => ({
  countries: [country],
  countriesKnown: true,
  products: [product('pork', 'meat', TODAY), product('wheat', 'grain', WHEAT_END)],
  productsKnown: true,
  indexMenu: [
    index('composite', 'composite', null),
    index('cat:grain', 'category', 'grain'),
    index('prod:wheat', 'product', 'wheat'),
  ],
  ...over,
});

const calls = (indexCode: string, k = known()) =>
  marketCalls({ ...defaultFilters(TODAY), indexCode, range: '90d' }, 'en', TODAY, k);

describe('the index window follows the index’s own data (issue 15, stale series)', () => {
  it('moves a stopped product’s index to the 90 days up to its last price, and says where', () => {
    const c = calls('prod:wheat');
    expect(c.index).toMatchObject({ indexCode: 'prod:wheat', from: '2020-07-17', to: WHEAT_END });
    expect(c.indexWindow.movedTo).toBe(WHEAT_END);
  });

  it('moves a category’s index to where its latest product ends', () => {
    expect(calls('cat:grain').index).toMatchObject({ to: WHEAT_END });
  });

  it('keeps the composite on the country’s data: the last 90 days when they reach today', () => {
    const c = calls('composite');
    expect(c.index).toMatchObject({ from: '2026-03-02', to: TODAY });
    expect(c.indexWindow.movedTo).toBeNull();
  });

  it('waits for the products before asking a product’s index (else one wasted call), not the composite', () => {
    const waiting = known({ products: undefined, productsKnown: false });
    expect(calls('prod:wheat', waiting).indexReady).toBe(false);
    expect(calls('composite', waiting).indexReady).toBe(true);
  });
});

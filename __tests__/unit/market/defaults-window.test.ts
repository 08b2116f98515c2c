// What the market page opens on, and the window its trend asks for (docs/market-data.md#defaults),
// on hand-built menus: the country's staple, never a non-food product; a window that follows the
// chosen region's own last price, not the product's.
import { describe, expect, it } from '@jest/globals';
import type { ResponseOf } from '@/lib/api/contract';
import { marketCalls, type Known } from '@/components/shared/market/calls';
import { defaultFilters, type Filters } from '@/components/shared/market/filters';

const TODAY = '2026-11-28';
type Product = ResponseOf<'ProductsMenu'>[number];
const product = (code: string, categoryCode: string, to: string, staple = false): Product => ({
  code,
  name: code,
  unit: 'kg',
  categoryCode,
  categoryName: categoryCode,
  demo: false,
  mapped: true,
  from: '2024-02-15',
  to,
  priceTypes: ['retail'],
  currency: 'BDT',
  sources: [],
  staple,
});
// Bangladesh as its menu answers: every product ends 2025-06-15, the non-food ones first by name.
const BGD = [
  product('toothpaste', 'non-food', '2025-06-15'),
  product('rice-coarse', 'grains', '2025-06-15'),
  product('wheat-flour', 'grains', '2025-06-15', true),
  product('lentils-masur', 'grains', '2025-06-15'),
];
const filters = (over: Partial<Filters> = {}): Filters => ({
  ...defaultFilters(TODAY),
  country: 'BGD',
  region: 'bgd',
  ...over,
});
const known = (over: Partial<Known> = {}): Known => ({
  countriesKnown: true,
  products: BGD,
  productsKnown: true,
  ...over,
});

describe('the product a country opens on', () => {
  it('is the staple its menu marks, never the first non-food product', () => {
    expect(marketCalls(filters(), 'en', TODAY, known()).productCode).toBe('wheat-flour');
  });

  it('is the most recent food product when no staple is marked', () => {
    const list = [product('toothpaste', 'non-food', '2025-06-15'), product('sugar', 'other-food', '2025-05-15')];
    expect(marketCalls(filters(), 'en', TODAY, known({ products: list })).productCode).toBe('sugar');
  });

  it('is the one in the address when the country has it', () => {
    expect(marketCalls(filters({ product: 'rice-coarse' }), 'en', TODAY, known()).productCode).toBe('rice-coarse');
  });
});

describe('the trend window', () => {
  // Rice: Bangladesh's last price is 2025-06-15, Dhaka Division market's own last one 2020-05-15.
  const tree: Record<string, { level: string; parentId: string | null; to?: string }> = {
    bgd: { level: 'nation', parentId: null, to: '2025-06-15' },
    'bgd/dhaka': { level: 'province', parentId: 'bgd', to: '2025-06-15' },
    'bgd/dhaka/dhaka-division': { level: 'market', parentId: 'bgd:dhaka', to: '2020-05-15' },
    'bgd/khulna/khulna-sadar': { level: 'market', parentId: 'bgd:khulna', to: '2025-06-15' },
  };
  const withTree = known({ regionOf: (id) => tree[id], regionsKnown: true });
  const rice = { product: 'rice-coarse' };

  it('ends on the chosen region’s own last price, and says it moved', () => {
    const c = marketCalls(filters({ ...rice, region: 'bgd/dhaka/dhaka-division' }), 'en', TODAY, withTree);
    expect(c.trend).toMatchObject({ from: '2020-02-15', to: '2020-05-15' });
    expect(c.window.movedTo).toBe('2020-05-15');
  });

  it('ends on the latest of the compared regions’ last prices', () => {
    const c = marketCalls(
      filters({ ...rice, region: 'bgd/dhaka/dhaka-division', compare: ['bgd/khulna/khulna-sadar'] }),
      'en',
      TODAY,
      withTree,
    );
    expect(c.trend).toMatchObject({ to: '2025-06-15' });
  });

  it('follows the product for the whole country, without waiting for the region tree', () => {
    const c = marketCalls(filters(rice), 'en', TODAY, known());
    expect(c.trend).toMatchObject({ from: '2025-03-17', to: '2025-06-15' });
  });

  it('waits for the region tree below the nation (else one wasted call), not after it answered', () => {
    const region = filters({ ...rice, region: 'bgd/dhaka/dhaka-division' });
    expect(marketCalls(region, 'en', TODAY, known()).trend).toBeNull();
    // A region the tree does not hold has no prices of the product: asked, to say so.
    expect(
      marketCalls(region, 'en', TODAY, known({ regionOf: () => undefined, regionsKnown: true })).trend,
    ).not.toBeNull();
  });
});

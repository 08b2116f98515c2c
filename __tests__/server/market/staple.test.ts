import { describe, expect, it } from '@jest/globals';
import { pickStaple } from '@/lib/server/services/market/read/staple';

// A country's staple from its data (docs/market-data.md#defaults), on hand-built counts of the
// markets quoting each product in the country's last year.
describe('pickStaple', () => {
  it('takes the staple group’s cereal quoted by the most markets (Bangladesh: rice (coarse))', () => {
    // Bangladesh's markets with a price in its last year of WFP prices (to 2025-06-15), counted in
    // the type the page shows: wheat flour in wholesale, whose prices ended in 2021.
    expect(
      pickStaple([
        { code: 'toothpaste', category: 'non-food', markets: 70 },
        { code: 'lentils-masur', category: 'grains', markets: 69 },
        { code: 'rice-coarse', category: 'grains', markets: 60 },
        { code: 'potatoes-holland-white', category: 'grains', markets: 50 },
        { code: 'oil-palm', category: 'oils', markets: 65 },
      ]),
    ).toBe('rice-coarse');
  });

  it('opens on a pulse only when the staple group has no cereal', () => {
    expect(
      pickStaple([
        { code: 'lentils-masur', category: 'grains', markets: 69 },
        { code: 'beans-mung', category: 'grains', markets: 70 },
        { code: 'oil-palm', category: 'oils', markets: 80 },
      ]),
    ).toBe('beans-mung');
  });

  it('breaks a tie by the earlier code', () => {
    expect(
      pickStaple([
        { code: 'sorghum', category: 'grains', markets: 4 },
        { code: 'millet', category: 'grains', markets: 4 },
      ]),
    ).toBe('millet');
  });

  it('takes the most quoted food without a staple, and a non-food product only when nothing else has prices', () => {
    expect(
      pickStaple([
        { code: 'soap', category: 'non-food', markets: 9 },
        { code: 'sugar', category: 'other-food', markets: 3 },
      ]),
    ).toBe('sugar');
    expect(pickStaple([{ code: 'soap', category: 'non-food', markets: 9 }])).toBe('soap');
    expect(pickStaple([])).toBeNull();
  });
});

// docs/pricing.md "Comparing the levels": what a longer range saves against monthly purchases.
import { describe, expect, it } from '@jest/globals';
import { rangeSavingPct } from '@/lib/shared/range-saving';

const silver = [
  { months: 1, priceFen: 3900 },
  { months: 3, priceFen: 9900 },
  { months: 12, priceFen: 29900 },
];

describe('rangeSavingPct', () => {
  it('compares a range with its months bought one at a time, rounding down', () => {
    // 3 × ¥39 = ¥117 against ¥99: 15.4 % → 15; 12 × ¥39 = ¥468 against ¥299: 36.1 % → 36.
    expect(rangeSavingPct(silver, 3)).toBe(15);
    expect(rangeSavingPct(silver, 12)).toBe(36);
  });

  it('says nothing for the 1-month range, a missing range, no monthly price, or no saving', () => {
    expect(rangeSavingPct(silver, 1)).toBeNull();
    expect(rangeSavingPct(silver, 6)).toBeNull();
    expect(rangeSavingPct(silver.slice(1), 12)).toBeNull();
    expect(
      rangeSavingPct(
        [
          { months: 1, priceFen: 1000 },
          { months: 3, priceFen: 3000 },
        ],
        3,
      ),
    ).toBeNull();
  });
});

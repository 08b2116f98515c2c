import 'server-only';
import type { Db } from '../db/client';
import { memberRangePrices } from '../db/schema';
import { levelIdByCode } from '../services/commerce/member-catalogue';

/** Range prices in fen (docs/pricing.md): 1, 3 and 12 months per level on sale. */
export const MEMBER_PRICES: Readonly<Record<string, Readonly<Record<1 | 3 | 12, number>>>> = {
  silver: { 1: 3_900, 3: 9_900, 12: 29_900 },
  gold: { 1: 7_900, 3: 19_900, 12: 59_900 },
  platinum: { 1: 15_900, 3: 39_900, 12: 119_900 },
};

/** Upserts the range prices by (level, months); runs after the accounts seeder, which creates the levels. */
export async function seedCommerce(db: Db) {
  let prices = 0;
  for (const [code, byMonths] of Object.entries(MEMBER_PRICES)) {
    const levelId = await levelIdByCode(db, code);
    if (!levelId)
      throw new Error(`seed commerce: membership level "${code}" is missing (run the accounts seeder first)`);
    for (const [months, priceFen] of Object.entries(byMonths)) {
      await db
        .insert(memberRangePrices)
        .values({ levelId, months: Number(months), priceFen })
        .onConflictDoUpdate({ target: [memberRangePrices.levelId, memberRangePrices.months], set: { priceFen } });
      prices++;
    }
  }
  return { memberRangePrices: prices };
}

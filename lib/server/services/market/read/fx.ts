import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { DisplayCurrency, FxDTO } from '@/lib/api/schemas/market';
import type { Db } from '../../../db/client';
import { fxRates } from '../../../db/schema';
import { VersionedCache } from '../cache';
import { round4 } from '@/lib/shared/format';

/**
 * Showing prices in USD. A month's rate is the local currency per US dollar implied by the
 * sources' own rows that give both prices (fx_rates, derived at import: Σ local ÷ Σ USD); a month
 * after the last one with a rate uses the last rate, a month before the first has none (its
 * points are left out and counted). The answer says which months the rates come from.
 */
type Rates = { months: string[]; rates: number[] };
const cache = new VersionedCache<Rates>(50);

async function ratesOf(db: Db, currency: string): Promise<Rates> {
  return cache.get(db, currency, async () => {
    const rows = await db
      .select({ month: fxRates.month, rate: fxRates.rate })
      .from(fxRates)
      .where(eq(fxRates.currency, currency))
      .orderBy(asc(fxRates.month));
    return { months: rows.map((r) => r.month.slice(0, 7)), rates: rows.map((r) => r.rate) };
  });
}

/** How to show figures of `currency` in the wanted currency: a divisor per date (null: no rate), and what to say about it. */
export type Money = {
  currency: string;
  rateAt: (date: string) => number | null;
  fx: (missing: number) => FxDTO | null;
};

export async function moneyFor(db: Db, currency: string, wanted: DisplayCurrency | undefined): Promise<Money> {
  if (wanted !== 'USD' || currency === 'USD') return { currency, rateAt: () => 1, fx: () => null };
  const { months, rates } = await ratesOf(db, currency);
  const memo = new Map<string, number | null>();
  return {
    currency: 'USD',
    rateAt: (date) => {
      const m = date.slice(0, 7);
      let r = memo.get(m);
      if (r === undefined) {
        // The last month with a rate at or before this one.
        let lo = 0;
        let hi = months.length - 1;
        let at = -1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          if (months[mid]! <= m) {
            at = mid;
            lo = mid + 1;
          } else hi = mid - 1;
        }
        r = at < 0 ? null : rates[at]!;
        memo.set(m, r);
      }
      return r;
    },
    fx: (missing) => ({
      from: currency,
      firstMonth: months[0] ?? null,
      lastMonth: months[months.length - 1] ?? null,
      missing,
    }),
  };
}

/**
 * Points as shown: [date, price, low, high, …] to 4 decimals in the wanted currency; points
 * without a rate are dropped and counted. The points are rewritten in place (callers hand over
 * points fresh from the database): a five-year daily trend is 5,481 of them, and copying each was
 * garbage the collector then had to clear on every unrepeated answer.
 */
export function convertPoints<T extends [string, number, ...(number | null)[]]>(
  points: T[],
  money: Money,
): { points: T[]; missing: number } {
  let missing = 0;
  for (const p of points) {
    const rate = money.rateAt(p[0]);
    if (rate === null) {
      missing++;
      continue;
    }
    for (let i = 1; i < p.length; i++) {
      const v = p[i];
      if (v !== null) p[i] = round4(Number(v) / rate);
    }
  }
  return { points: missing ? points.filter((p) => money.rateAt(p[0]) !== null) : points, missing };
}

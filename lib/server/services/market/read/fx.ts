import 'server-only';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DisplayCurrency, FxDTO } from '@/lib/api/schemas/market';
import type { Db } from '../../../db/client';
import { dataSources, fxRates } from '../../../db/schema';
import { VersionedCache } from '../cache';
import { round4 } from '@/lib/shared/format';

/**
 * Showing prices in USD (docs/market-data.md, "Exchange rates"). A currency's rates come from
 * one source: a published series where one exists (the Federal Reserve's H.10), else the rates
 * implied by a price source's own rows that give both prices (Σ local ÷ Σ USD, derived at import).
 * A month after the source's last one uses its last rate, and the answer says how many of its
 * figures that is; a month before its first has none (left out and counted). The answer names the
 * source, its months, and the rate (and its month) of its latest figure.
 */
type Rates = {
  months: string[];
  rates: number[];
  source: { name: string; licence: string; attribution: string } | null;
  implied: boolean;
};
const cache = new VersionedCache<Rates>(50);

async function ratesOf(db: Db, currency: string): Promise<Rates> {
  return cache.get(db, currency, async () => {
    // Published before implied; of two alike, the one with more months.
    const [pick] = await db
      .select({
        id: fxRates.sourceId,
        implied: sql<boolean>`bool_or(${fxRates.rows} IS NOT NULL)`,
        months: count(),
        name: dataSources.name,
        licence: dataSources.licence,
        attribution: dataSources.attribution,
      })
      .from(fxRates)
      .innerJoin(dataSources, eq(dataSources.id, fxRates.sourceId))
      .where(eq(fxRates.currency, currency))
      .groupBy(fxRates.sourceId, dataSources.name, dataSources.licence, dataSources.attribution)
      .orderBy(sql`2`, desc(count()))
      .limit(1);
    if (!pick) return { months: [], rates: [], source: null, implied: true };
    const rows = await db
      .select({ month: fxRates.month, rate: fxRates.rate })
      .from(fxRates)
      .where(and(eq(fxRates.currency, currency), eq(fxRates.sourceId, pick.id)))
      .orderBy(asc(fxRates.month));
    return {
      months: rows.map((r) => r.month.slice(0, 7)),
      rates: rows.map((r) => r.rate),
      source: { name: pick.name, licence: pick.licence, attribution: pick.attribution },
      implied: pick.implied === true || String(pick.implied) === 'true',
    };
  });
}

/**
 * How to show figures of `currency` in the wanted currency: a divisor per date (null: no rate),
 * and what to say about it. It remembers the dates it converted, so `fx` names the rate of the
 * latest one and counts the figures after the source's last month.
 */
export type Money = {
  currency: string;
  rateAt: (date: string) => number | null;
  fx: (missing: number) => FxDTO | null;
};

export async function moneyFor(db: Db, currency: string, wanted: DisplayCurrency | undefined): Promise<Money> {
  if (wanted !== 'USD' || currency === 'USD') return { currency, rateAt: () => 1, fx: () => null };
  const { months, rates, source, implied } = await ratesOf(db, currency);
  const last = months.at(-1) ?? null;
  const memo = new Map<string, number>();
  let latest: string | null = null;
  const beyond = new Set<string>();
  /** The index of the last month with a rate at or before `m`, or -1. */
  const at = (m: string) => {
    let lo = 0;
    let hi = months.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (months[mid]! <= m) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  return {
    currency: 'USD',
    rateAt: (date) => {
      const m = date.slice(0, 7);
      let i = memo.get(m);
      if (i === undefined) memo.set(m, (i = at(m)));
      if (i < 0) return null;
      if (latest === null || date > latest) latest = date;
      if (last !== null && m > last) beyond.add(m);
      return rates[i]!;
    },
    fx: (missing) => {
      const i = latest === null ? -1 : at(latest.slice(0, 7));
      return {
        from: currency,
        firstMonth: months[0] ?? null,
        lastMonth: last,
        missing,
        source,
        implied,
        rate: i < 0 ? null : rates[i]!,
        rateMonth: i < 0 ? null : months[i]!,
        beyondMonths: beyond.size,
        beyondFrom: beyond.size ? [...beyond].sort()[0]! : null,
      };
    },
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

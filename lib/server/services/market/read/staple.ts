import 'server-only';
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../../db/client';
import { latestPrices, products, regions } from '../../../db/schema';
import { VersionedCache } from '../cache';

/** The staple group of the catalogue: a country opens on one of its products. */
export const STAPLE_CATEGORY = 'grains';
const NON_FOOD = 'non-food';

export type StapleCandidate = { code: string; category: string; markets: number };

/**
 * Pulses and nuts, which the catalogue files under grains (WFP's "pulses and nuts"): food, but not
 * what a country's prices open on (Bangladesh's lentils are quoted in more markets than its flour).
 */
const PULSE = /(^|-)(lentils?|beans?|peas?|chickpeas?|gram|pulses?|dal|nuts?|peanuts?|groundnuts?|soybeans?)(-|$)/;

/**
 * A country's staple, from its data (docs/market-data.md#defaults): among the cereals of the
 * staple group (pulses only when it has nothing else), the one quoted by the most markets in the country's last year of prices (the
 * earlier code of equals); without any, the most quoted food; never a non-food product unless the
 * country has nothing else.
 */
export function pickStaple(candidates: readonly StapleCandidate[]): string | null {
  const rank = (list: readonly StapleCandidate[]) =>
    [...list].sort((a, b) => b.markets - a.markets || (a.code < b.code ? -1 : 1))[0]?.code ?? null;
  return (
    rank(candidates.filter((c) => c.category === STAPLE_CATEGORY && !PULSE.test(c.code))) ??
    rank(candidates.filter((c) => c.category === STAPLE_CATEGORY)) ??
    rank(candidates.filter((c) => c.category !== NON_FOOD)) ??
    rank(candidates)
  );
}

/** The staple of a country (null without prices), once per data version. */
export async function countryStaple(db: Db, country: string): Promise<string | null> {
  const found = await staples.get(db, country, async () => {
    const l = latestPrices;
    const rows = await query<{ code: string; category: string; markets: number | string }>(
      db,
      sql`WITH mine AS (SELECT ${l.productNum} AS p, ${l.marketNum} AS m, ${l.day} AS day FROM ${l}
                        JOIN ${regions} ON ${regions.num} = ${l.marketNum} WHERE ${regions.countryCode} = ${country})
          SELECT ${products.code} AS code, ${products.categoryCode} AS category, count(DISTINCT mine.m) AS markets
          FROM mine JOIN ${products} ON ${products.num} = mine.p
          WHERE mine.day > (SELECT max(day) FROM mine) - 365
          GROUP BY 1, 2`,
    );
    return { code: pickStaple(rows.map((r) => ({ ...r, markets: Number(r.markets) }))) };
  });
  return found.code;
}

const staples = new VersionedCache<{ code: string | null }>(100);

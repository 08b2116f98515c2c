import 'server-only';
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../../db/client';
import { latestPrices, products, regions } from '../../../db/schema';
import { PRICE_TYPE_CODE } from '../../../market/codes';
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
 * staple group (pulses only when it has nothing else), the one quoted by the most markets (in
 * the price type the page shows it in) in the country's last year of prices (the
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

/**
 * The price type the market page shows a product in: wholesale where the product has any in the
 * country, else the one it has (components/shared/market/calls.ts). A staple is counted in it, so
 * the page does not open on a type whose prices ended years ago (Bangladesh's wheat flour:
 * wholesale to 2021-02, retail to 2025-06).
 */
const SHOWN_FIRST = PRICE_TYPE_CODE.wholesale;

/** The staple of a country (null without prices), once per data version. */
export async function countryStaple(db: Db, country: string): Promise<string | null> {
  const found = await staples.get(db, country, async () => {
    const l = latestPrices;
    const rows = await query<{ code: string; category: string; type: number; markets: number | string }>(
      db,
      sql`WITH mine AS (SELECT ${l.productNum} AS p, ${l.marketNum} AS m, ${l.priceType} AS t, ${l.day} AS day FROM ${l}
                        JOIN ${regions} ON ${regions.num} = ${l.marketNum} WHERE ${regions.countryCode} = ${country})
          SELECT ${products.code} AS code, ${products.categoryCode} AS category, mine.t AS type,
                 count(DISTINCT mine.m) FILTER (WHERE mine.day > (SELECT max(day) FROM mine) - 365) AS markets
          FROM mine JOIN ${products} ON ${products.num} = mine.p
          GROUP BY 1, 2, 3`,
    );
    // Per product: the markets quoting it in the country's last year, in the type the page shows.
    const byCode = new Map<string, { category: string; types: Map<number, number> }>();
    for (const r of rows) {
      const e = byCode.get(r.code) ?? { category: r.category, types: new Map<number, number>() };
      e.types.set(Number(r.type), Number(r.markets));
      byCode.set(r.code, e);
    }
    const candidates = [...byCode].map(([code, e]) => {
      const shown = e.types.has(SHOWN_FIRST) ? SHOWN_FIRST : Math.min(...e.types.keys());
      return { code, category: e.category, markets: e.types.get(shown) ?? 0 };
    });
    return { code: pickStaple(candidates.filter((c) => c.markets > 0)) };
  });
  return found.code;
}

const staples = new VersionedCache<{ code: string | null }>(100);

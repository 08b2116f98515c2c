import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DataProductDTO } from '@/lib/api/schemas/data-product';
import { query, type Db } from '../../db/client';
import { dataSources, latestPrices, priceObservations, products, regions } from '../../db/schema';
import { ACTUAL } from '../../market/codes';
import { frequencyOf, isCurrent, type Frequency } from '../../market/coverage';

/**
 * What a region of a data product holds before it is bought (docs/commerce.md, "What a region
 * holds"): per product group and province, each source's first and last day and rhythm. A region
 * whose last price is not current (lib/server/market/coverage.ts) is sold as an archive.
 */
type SaleRegion = DataProductDTO['regions'][number];
export type SourceCoverage = SaleRegion['sources'][number];
export type Coverage = Pick<SaleRegion, 'from' | 'to' | 'sources'>;

const RANK: Record<Frequency, number> = { monthly: 0, daily: 1 };

/** Per `category|provinceId`, the group's prices there by source (actual prices only). */
export async function saleCoverage(db: Db, categoryCodes?: readonly string[]): Promise<Map<string, Coverage>> {
  const [o, p, s, lp] = [priceObservations, products, dataSources, latestPrices];
  const m = alias(regions, 'm');
  const inGroups = categoryCodes ? inArray(p.categoryCode, [...categoryCodes]) : undefined;
  // Spans from the prices themselves (kept per data version by the caller); the rhythm from each
  // series' last two prices, as the About page's claims count it (lib/server/market/coverage.ts).
  const [rows, gaps] = await Promise.all([
    query<{
      cat: string;
      province: string;
      source: number;
      name: string;
      licence: string;
      demo: boolean;
      lo: string;
      hi: string;
    }>(
      db,
      sql`SELECT ${p.categoryCode} AS cat, ${m.provinceId} AS province, ${s.id} AS source, ${s.name} AS name,
            ${s.licence} AS licence, ${s.isDemo} AS demo,
            to_char(min(${o.day}), 'YYYY-MM-DD') AS lo, to_char(max(${o.day}), 'YYYY-MM-DD') AS hi
          FROM ${o} JOIN ${p} ON ${p.num} = ${o.productNum} JOIN ${regions} ${m} ON ${m.num} = ${o.marketNum} JOIN ${s} ON ${s.id} = ${o.sourceId}
          WHERE ${and(eq(o.flag, ACTUAL), inGroups)} AND ${m.provinceId} IS NOT NULL
          GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 4`,
    ),
    query<{ cat: string; province: string; source: number; gap: number | string | null }>(
      db,
      sql`SELECT ${p.categoryCode} AS cat, ${m.provinceId} AS province, ${lp.sourceId} AS source, min(${lp.day} - ${lp.prevDay}) AS gap
          FROM ${lp} JOIN ${p} ON ${p.num} = ${lp.productNum} JOIN ${regions} ${m} ON ${m.num} = ${lp.marketNum}
          WHERE ${inGroups ?? sql`true`} AND ${m.provinceId} IS NOT NULL
          GROUP BY 1, 2, 3`,
    ),
  ]);
  const gapOf = new Map(gaps.map((g) => [`${g.cat}|${g.province}|${Number(g.source)}`, g.gap]));
  const out = new Map<string, Coverage>();
  for (const r of rows) {
    const key = `${r.cat}|${r.province}`;
    const c = out.get(key) ?? { from: r.lo, to: r.hi, sources: [] };
    if (r.lo < c.from) c.from = r.lo;
    if (r.hi > c.to) c.to = r.hi;
    c.sources.push({
      name: r.name,
      licence: r.licence,
      demo: r.demo === true || String(r.demo) === 'true',
      from: r.lo,
      to: r.hi,
      frequency: frequencyOf(gapOf.get(`${key}|${Number(r.source)}`) ?? null),
    });
    out.set(key, c);
  }
  return out;
}

/** A whole country's coverage from its provinces': the widest span, each source's widest span and finest rhythm. */
export function mergeCoverage(parts: readonly Coverage[]): Coverage {
  const sources = new Map<string, SourceCoverage>();
  let from = parts[0]?.from ?? '';
  let to = parts[0]?.to ?? '';
  for (const c of parts) {
    if (c.from < from) from = c.from;
    if (c.to > to) to = c.to;
    for (const s of c.sources) {
      const had = sources.get(s.name);
      if (!had) sources.set(s.name, { ...s });
      else {
        if (s.from < had.from) had.from = s.from;
        if (s.to > had.to) had.to = s.to;
        if (RANK[s.frequency] > RANK[had.frequency]) had.frequency = s.frequency;
      }
    }
  }
  return { from, to, sources: [...sources.values()] };
}

export { isCurrent };

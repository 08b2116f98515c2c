import 'server-only';
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { indexValues, priceObservations, regionPrices } from '../../../db/schema';
import { ACTUAL } from '../../../market/codes';
import { VersionedCache } from '../cache';
import type { RegionRow } from './catalogue';

/**
 * The last day with a price of a product in each region (its own observations for a market, the
 * derived prices above it), the latest of them: history depth counts back from it when a series
 * stopped before today (WFP's China and Bangladesh files end in 2020; docs/access-policy.md).
 * Undefined when none of the regions has a price.
 */
export async function seriesEnd(
  db: Db,
  productNum: number,
  regions: readonly RegionRow[],
  priceType: number,
): Promise<string | undefined> {
  const days = await Promise.all(
    regions.map((region) =>
      ends.get(db, `p|${productNum}|${region.id}|${priceType}`, async () => {
        if (region.level === 'market') {
          const o = priceObservations;
          const [r] = await db
            .select({ day: max(o.day) })
            .from(o)
            .where(
              and(
                eq(o.productNum, productNum),
                eq(o.marketNum, region.num),
                eq(o.flag, ACTUAL),
                eq(o.priceType, priceType),
                eq(o.currency, region.currency),
              ),
            );
          return r?.day ?? null;
        }
        const p = regionPrices;
        const [r] = await db
          .select({ day: max(p.day) })
          .from(p)
          .where(
            and(
              eq(p.productNum, productNum),
              eq(p.regionNum, region.num),
              eq(p.priceType, priceType),
              eq(p.currency, region.currency),
            ),
          );
        return r?.day ?? null;
      }),
    ),
  );
  return latest(days);
}

/** The last day of an index in a region. */
export async function indexEnd(db: Db, indexCode: string, regionId: string): Promise<string | undefined> {
  const day = await ends.get(db, `i|${indexCode}|${regionId}`, async () => {
    const v = indexValues;
    const [r] = await db
      .select({ day: max(v.day) })
      .from(v)
      .where(and(eq(v.indexCode, indexCode), eq(v.regionId, regionId)));
    return r?.day ?? null;
  });
  return day ?? undefined;
}

function latest(days: (string | null)[]): string | undefined {
  let out: string | undefined;
  for (const d of days) if (d !== null && (out === undefined || d > out)) out = d;
  return out;
}

const ends = new VersionedCache<string | null>(2000);

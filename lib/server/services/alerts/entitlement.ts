import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { decide, type RegionRef, type Viewer } from '../../access/market-policy';
import { toViewer, viewerColumns } from '../../access/viewer';
import type { Db, Tx } from '../../db/client';
import { products, regions, userProfiles, users } from '../../db/schema';
import type { FiredMove } from './evaluate';

/** Each user's viewer (membership and data products in force at `at`), as the access policy sees them. */
export async function viewersOf(db: Db | Tx, userIds: readonly string[], at: Date): Promise<Map<string, Viewer>> {
  if (!userIds.length) return new Map();
  // The join makes drizzle name every column with its table, as the subqueries of viewerColumns need.
  const rows = await db
    .select({ id: users.id, ...viewerColumns(users.id, at) })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, toViewer(r)]));
}

/**
 * A fired "moves by X % over N days" rule names the price N days back: history, which the user's
 * access may no longer reach (a membership ended). Returns the notifications of those to drop (the
 * rule's state has moved on, so it does not fire later for this observation either); the other
 * kinds name only the latest price and the anomaly level, which every logged-in user may see
 * (docs/access-policy.md).
 */
export async function refusedMoves(tx: Tx, moves: readonly FiredMove[], today: string): Promise<string[]> {
  if (!moves.length) return [];
  const viewers = await viewersOf(tx, [...new Set(moves.map((f) => f.user_id))], new Date(`${today}T12:00:00Z`));
  const refs = await regionRefs(tx, [...new Set(moves.map((f) => Number(f.region_num)))]);
  const cats = new Map(
    (
      await tx
        .select({ num: products.num, cat: products.categoryCode })
        .from(products)
        .where(inArray(products.num, [...new Set(moves.map((f) => Number(f.product_num)))]))
    ).map((p) => [p.num, p.cat]),
  );
  return moves
    .filter((f) => {
      const viewer = viewers.get(f.user_id);
      const region = refs.get(Number(f.region_num));
      if (!viewer || !region) return true;
      const d = decide(
        viewer,
        {
          action: 'trend',
          region,
          categoryCode: cats.get(Number(f.product_num)) ?? null,
          from: f.ref_day,
          today,
          dataEnd: f.day,
        },
        [],
        [],
      );
      return !d.ok;
    })
    .map((f) => f.nid);
}

/** The regions of these numbers as the access policy names them (with every region above each). */
export async function regionRefs(
  db: Db | Tx,
  nums: readonly number[],
): Promise<Map<number, RegionRef & { num: number }>> {
  if (!nums.length) return new Map();
  const own = await db
    .select({
      num: regions.num,
      id: regions.id,
      level: regions.level,
      provinceId: regions.provinceId,
      countryCode: regions.countryCode,
      path: regions.path,
    })
    .from(regions)
    .where(inArray(regions.num, [...nums]));
  const above = [...new Set(own.flatMap((r) => r.path))];
  const ids = new Map(
    above.length
      ? (await db.select({ num: regions.num, id: regions.id }).from(regions).where(inArray(regions.num, above))).map(
          (r) => [r.num, r.id],
        )
      : [],
  );
  return new Map(
    own.map((r) => [
      r.num,
      {
        num: r.num,
        id: r.id,
        level: r.level as RegionRef['level'],
        provinceId: r.provinceId,
        countryCode: r.countryCode,
        ancestorIds: r.path.filter((n) => n !== r.num).flatMap((n) => ids.get(n) ?? []),
      },
    ]),
  );
}

import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { MemberPrivileges } from '@/lib/api/schemas/member';
import { jsonColumn } from '../db/json-column';
import { dataProducts, memberLevels, userDataProductAuths, userMemberships } from '../db/schema';
import type { Holding, Viewer } from './market-policy';

type MemberJson = { rank: number; code: string; privileges: MemberPrivileges };
type HoldingJson = { product: string; category: string; region: string; ends: string };
export type ViewerColumns = { member: SQL<MemberJson | string | null>; holdings: SQL<HoldingJson[] | string> };

/**
 * Who is asking, as the access policy sees them, as two columns of the query that finds the
 * session: the membership in force (the highest rank) and the data products held at `at`. Read
 * with the session, every call knows its viewer in one round trip (docs/decisions/viewer-with-session.md).
 */
export function viewerColumns(userId: PgColumn, at: Date): ViewerColumns {
  const [m, l, a, d] = [userMemberships, memberLevels, userDataProductAuths, dataProducts];
  const t = at.toISOString();
  return {
    member: sql<
      MemberJson | string | null
    >`(SELECT json_build_object('rank', ${l.rank}, 'code', ${l.code}, 'privileges', ${l.privileges})
       FROM ${m} JOIN ${l} ON ${l.id} = ${m.levelId}
       WHERE ${m.userId} = ${userId} AND ${m.startsAt} <= ${t}::timestamptz AND ${m.endsAt} > ${t}::timestamptz
       ORDER BY ${l.rank} DESC LIMIT 1)`,
    holdings: sql<
      HoldingJson[] | string
    >`(SELECT coalesce(json_agg(json_build_object('product', ${a.productCode}, 'category', ${d.categoryCode}, 'region', ${a.regionId}, 'ends', ${a.endsAt})), '[]'::json)
       FROM ${a} JOIN ${d} ON ${d.code} = ${a.productCode}
       WHERE ${a.userId} = ${userId} AND ${a.startsAt} <= ${t}::timestamptz AND ${a.endsAt} > ${t}::timestamptz)`,
  };
}

/** The viewer of a signed-in user from the two columns above. */
export function toViewer(row: { member: MemberJson | string | null; holdings: HoldingJson[] | string }): Viewer {
  const member = jsonColumn<MemberJson | null>(row.member);
  return {
    kind: 'user',
    member: member ? { rank: Number(member.rank), levelCode: member.code, privileges: member.privileges } : null,
    holdings: jsonColumn<HoldingJson[]>(row.holdings).map(
      (h): Holding => ({
        dataProductCode: h.product,
        categoryCode: h.category,
        regionId: h.region,
        endsAt: new Date(h.ends),
      }),
    ),
  };
}

export const ANONYMOUS: Viewer = { kind: 'anonymous' };

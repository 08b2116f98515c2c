import 'server-only';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { UserMemberDTO, MemberPrivileges } from '@/lib/api/schemas/member';
import type { Db } from '../db/client';
import { memberLevels, userMemberships } from '../db/schema';

/** The highest-ranked membership in force now; an expired one counts as none (docs/pricing.md). */
export async function activeMembership(db: Db, userId: string, now = new Date()): Promise<UserMemberDTO | null> {
  const [row] = await db
    .select({ m: userMemberships, l: memberLevels })
    .from(userMemberships)
    .innerJoin(memberLevels, eq(memberLevels.id, userMemberships.levelId))
    .where(and(eq(userMemberships.userId, userId), lte(userMemberships.startsAt, now), gt(userMemberships.endsAt, now)))
    .orderBy(desc(memberLevels.rank))
    .limit(1);
  if (!row) return null;
  return {
    levelId: row.l.id,
    levelCode: row.l.code,
    levelName: row.l.nameEn,
    rank: row.l.rank,
    startsAt: row.m.startsAt.toISOString(),
    endsAt: row.m.endsAt.toISOString(),
    privileges: row.l.privileges as MemberPrivileges,
  };
}

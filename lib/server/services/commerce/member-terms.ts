import 'server-only';
import { addMonths } from 'date-fns';
import { and, eq, gt, lt, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { memberLevels, memberTerms } from '../../db/schema';
import { listMemberLevels } from './member-catalogue';
import { daysBetween, type HeldTerm, prorateUpgrade } from './member-quote';

/** The stretches of `levelId` a user holds from `now` on (member_terms; docs/pricing.md). */
export async function heldTerms(db: Db | Tx, userId: string, levelId: string, now: Date): Promise<HeldTerm[]> {
  const rows = await db
    .select()
    .from(memberTerms)
    .where(and(eq(memberTerms.userId, userId), eq(memberTerms.levelId, levelId), gt(memberTerms.endsAt, now)));
  return rows.map((r) => ({
    months: r.months,
    rangeDays: r.rangeDays,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    valueFen: r.valueFen,
  }));
}

/** A new or renewal order paid: `months` of the level from `startsAt`, worth what the order cost. */
export async function recordPurchase(
  tx: Tx,
  input: { userId: string; levelId: string; orderId: string; months: number; startsAt: Date; valueFen: number },
) {
  const endsAt = addMonths(input.startsAt, input.months);
  await tx
    .insert(memberTerms)
    .values({ ...input, endsAt, rangeDays: Math.max(1, daysBetween(input.startsAt, endsAt)) });
}

/**
 * An upgrade paid: from `now`, every stretch of the lower levels still to run becomes the
 * higher level's, at the same range and end, worth what was paid for it (its unused value
 * plus its share of the charge: the new level's price for it, or its credit when that was more).
 */
export async function recordUpgrade(
  tx: Tx,
  input: { userId: string; levelId: string; orderId: string; membershipEndsAt: Date; now: Date },
) {
  const { userId, levelId, orderId, now } = input;
  const levels = await listMemberLevels(tx);
  const target = levels.find((l) => l.id === levelId);
  if (!target) return;
  const lower = levels.filter((l) => l.rank < target.rank).map((l) => l.id);
  const [heldRow] = lower.length
    ? await tx
        .select({ levelId: memberTerms.levelId })
        .from(memberTerms)
        .innerJoin(memberLevels, eq(memberLevels.id, memberTerms.levelId))
        .where(and(eq(memberTerms.userId, userId), inArray(memberTerms.levelId, lower), gt(memberTerms.endsAt, now)))
        .limit(1)
    : [];
  const held = levels.find((l) => l.id === heldRow?.levelId) ?? null;
  const terms = held ? await heldTerms(tx, userId, held.id, now) : [];
  // A membership nobody paid for (seeded, granted) is priced as its level's 12 months; which level
  // does not matter for what the new stretches are worth when none was paid for.
  const basis = held ?? target;
  const p = prorateUpgrade({ terms, membershipEndsAt: input.membershipEndsAt, held: basis, target, now });
  const carriesCredit = p.creditFen > p.newPriceFen;
  if (lower.length) {
    // Stretches of lower levels end now (those not started yet are replaced outright).
    await tx
      .delete(memberTerms)
      .where(and(eq(memberTerms.userId, userId), inArray(memberTerms.levelId, lower), gt(memberTerms.startsAt, now)));
    await tx
      .update(memberTerms)
      .set({ endsAt: now })
      .where(
        and(
          eq(memberTerms.userId, userId),
          inArray(memberTerms.levelId, lower),
          lt(memberTerms.startsAt, now),
          gt(memberTerms.endsAt, now),
        ),
      );
  }
  for (const part of p.parts) {
    await tx.insert(memberTerms).values({
      userId,
      levelId,
      orderId,
      months: part.months,
      rangeDays: part.rangeDays,
      startsAt: part.startsAt,
      endsAt: part.endsAt,
      valueFen: Math.floor((carriesCredit ? part.creditFen : part.newFen) + 1e-6),
    });
  }
}

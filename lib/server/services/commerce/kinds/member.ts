import 'server-only';
import { addMonths } from 'date-fns';
import { and, desc, eq, gt, inArray, lt, lte, ne } from 'drizzle-orm';
import { memberOrderDetailSchema } from '@/lib/api/schemas/commerce';
import type { Tx } from '../../../db/client';
import { memberLevels, orders, userMemberships } from '../../../db/schema';
import type { OrderRow } from '../orders';
import { recordPurchase, recordUpgrade } from '../member-terms';
import { revokeMembership } from './member-revoke';
import type { OrderKindDef } from './types';

/**
 * A paid membership order: new or renewal extends the running membership of
 * that level (or starts one now); an upgrade runs the higher level from now to
 * the unchanged end date and ends the lower one it replaces.
 */
export const memberKind: OrderKindDef = {
  recheck: memberStillPriced,
  revoke: revokeMembership,
  async grant(tx, order, now) {
    await grantMembership(tx, order, now);
    await closeOtherPending(tx, order, now);
  },
};

/** The highest paid level in force now (Free counts as none, as in quoteMember). */
async function levelInForce(tx: Tx, userId: string, now: Date) {
  const [row] = await tx
    .select({ levelId: memberLevels.id, code: memberLevels.code, endsAt: userMemberships.endsAt })
    .from(userMemberships)
    .innerJoin(memberLevels, eq(memberLevels.id, userMemberships.levelId))
    .where(
      and(
        eq(userMemberships.userId, userId),
        lte(userMemberships.startsAt, now),
        gt(userMemberships.endsAt, now),
        gt(memberLevels.rank, 0),
      ),
    )
    .orderBy(desc(memberLevels.rank), desc(userMemberships.endsAt))
    .limit(1);
  return row ?? null;
}

/**
 * An order is priced on the membership held when it was made (docs/pricing.md). Paid later, after
 * another order or a staff grant changed that, granting it would leave two levels running side by
 * side or an upgrade priced on a term that is gone: such a payment is left for a refund instead.
 */
async function memberStillPriced(tx: Tx, order: OrderRow, now: Date): Promise<string | null> {
  const d = memberOrderDetailSchema.parse(order.detail);
  const held = await levelInForce(tx, order.userId, now);
  if (d.action === 'upgrade') {
    if (held?.code === d.fromLevelCode && held.endsAt.toISOString() === d.endsAt) return null;
    return `the ${d.fromLevelCode} membership this upgrade was priced on has changed`;
  }
  if (!held || held.levelId === d.levelId) return null;
  return `the user now holds ${held.code}, so a ${d.action} of ${d.levelCode} would overlap it`;
}

/** Once one membership order is paid, the user's other pending ones were priced on what no longer holds. */
async function closeOtherPending(tx: Tx, order: OrderRow, now: Date) {
  await tx
    .update(orders)
    .set({ status: 'closed', closedAt: now, closeReason: 'cancelled' })
    .where(
      and(
        eq(orders.userId, order.userId),
        eq(orders.kind, 'member'),
        eq(orders.status, 'pending'),
        ne(orders.id, order.id),
      ),
    );
}

async function grantMembership(tx: Tx, order: OrderRow, now: Date) {
  const d = memberOrderDetailSchema.parse(order.detail);
  const [level] = await tx.select().from(memberLevels).where(eq(memberLevels.id, d.levelId));
  if (!level) throw new Error(`order ${order.tradeCode}: level ${d.levelId} no longer exists`);

  if (d.action === 'upgrade') {
    const end = new Date(d.endsAt);
    if (end <= now) return; // nothing of the upgraded period is left to grant
    // What the stretches were bought at moves to the new level first (it reads the lower ones).
    await recordUpgrade(tx, {
      userId: order.userId,
      levelId: level.id,
      orderId: order.id,
      membershipEndsAt: end,
      now,
    });
    const lower = tx.select({ id: memberLevels.id }).from(memberLevels).where(lt(memberLevels.rank, level.rank));
    await tx
      .update(userMemberships)
      .set({ endsAt: now })
      .where(
        and(
          eq(userMemberships.userId, order.userId),
          inArray(userMemberships.levelId, lower),
          lte(userMemberships.startsAt, now),
          gt(userMemberships.endsAt, now),
          lte(userMemberships.endsAt, end),
        ),
      );
    await tx.insert(userMemberships).values({ userId: order.userId, levelId: level.id, startsAt: now, endsAt: end });
    return;
  }

  const months = d.months ?? 1;
  const [running] = await tx
    .select()
    .from(userMemberships)
    .where(
      and(
        eq(userMemberships.userId, order.userId),
        eq(userMemberships.levelId, level.id),
        gt(userMemberships.endsAt, now),
      ),
    )
    .orderBy(desc(userMemberships.endsAt))
    .limit(1)
    .for('update');
  const startsAt = running ? running.endsAt : now;
  if (running)
    await tx
      .update(userMemberships)
      .set({ endsAt: addMonths(running.endsAt, months) })
      .where(eq(userMemberships.id, running.id));
  else
    await tx
      .insert(userMemberships)
      .values({ userId: order.userId, levelId: level.id, startsAt: now, endsAt: addMonths(now, months) });
  await recordPurchase(tx, {
    userId: order.userId,
    levelId: level.id,
    orderId: order.id,
    months,
    startsAt,
    valueFen: order.amountFen,
  });
}

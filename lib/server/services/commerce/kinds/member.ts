import 'server-only';
import { addMonths } from 'date-fns';
import { and, desc, eq, gt, inArray, lt, lte } from 'drizzle-orm';
import { memberOrderDetailSchema } from '@/lib/api/schemas/commerce';
import { memberLevels, userMemberships } from '../../../db/schema';
import { recordPurchase, recordUpgrade } from '../member-terms';
import type { OrderKindDef } from './types';

/**
 * A paid membership order: new or renewal extends the running membership of
 * that level (or starts one now); an upgrade runs the higher level from now to
 * the unchanged end date and ends the lower one it replaces.
 */
export const memberKind: OrderKindDef = {
  async grant(tx, order, now) {
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
  },
};

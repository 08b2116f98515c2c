import 'server-only';
import { and, asc, eq, gt, gte, isNull, ne, or } from 'drizzle-orm';
import { memberOrderDetailSchema } from '@/lib/api/schemas/commerce';
import type { Tx } from '../../../db/client';
import { memberLevels, memberTerms, orders, userMemberships } from '../../../db/schema';
import { daysBetween } from '../member-quote';
import type { OrderRow } from '../orders';

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * A refunded membership order (docs/commerce.md "Refunds"): what is still to run of each stretch it
 * bought (its member_terms) comes off the membership of that level, and later stretches move up by
 * as much; what has run is not taken back. A refunded upgrade also gives back the level it replaced,
 * to the end that level had (at no value: the upgrade's price is what is refunded).
 */
export async function revokeMembership(tx: Tx, order: OrderRow, now: Date) {
  const d = memberOrderDetailSchema.parse(order.detail);
  const held = await tx
    .select()
    .from(userMemberships)
    .where(and(eq(userMemberships.userId, order.userId), gt(userMemberships.endsAt, now)))
    .orderBy(asc(userMemberships.endsAt))
    .for('update');
  const before = held.map(view);
  const terms = await tx.select().from(memberTerms).where(eq(memberTerms.orderId, order.id)).for('update');
  const cut = new Map<string, number>();
  for (const t of terms) {
    const left = t.endsAt.getTime() - later(t.startsAt, now).getTime();
    if (left <= 0) continue;
    cut.set(t.levelId, (cut.get(t.levelId) ?? 0) + left);
    if (t.startsAt >= now) await tx.delete(memberTerms).where(eq(memberTerms.id, t.id));
    else await tx.update(memberTerms).set({ endsAt: now }).where(eq(memberTerms.id, t.id));
    // Stretches bought after this one start that much earlier.
    const moved = await tx
      .select()
      .from(memberTerms)
      .where(
        and(
          eq(memberTerms.userId, order.userId),
          eq(memberTerms.levelId, t.levelId),
          gte(memberTerms.startsAt, t.endsAt),
          or(isNull(memberTerms.orderId), ne(memberTerms.orderId, order.id)),
        ),
      );
    for (const m of moved)
      await tx
        .update(memberTerms)
        .set({ startsAt: new Date(m.startsAt.getTime() - left), endsAt: new Date(m.endsAt.getTime() - left) })
        .where(eq(memberTerms.id, m.id));
  }
  for (const [levelId, ms] of cut) {
    const row = held.filter((h) => h.levelId === levelId).at(-1);
    if (!row) continue;
    await tx
      .update(userMemberships)
      .set({ endsAt: later(now, new Date(row.endsAt.getTime() - ms)) })
      .where(eq(userMemberships.id, row.id));
  }
  if (d.action === 'upgrade' && d.fromLevelCode && new Date(d.endsAt) > now) {
    const [from] = await tx.select().from(memberLevels).where(eq(memberLevels.code, d.fromLevelCode));
    const endsAt = new Date(d.endsAt);
    if (from) {
      await tx.insert(userMemberships).values({ userId: order.userId, levelId: from.id, startsAt: now, endsAt });
      await tx.insert(memberTerms).values({
        userId: order.userId,
        levelId: from.id,
        orderId: null,
        months: 1,
        rangeDays: Math.max(1, daysBetween(now, endsAt)),
        startsAt: now,
        endsAt,
        valueFen: 0,
      });
    }
  }
  // Pending membership orders were priced on the membership as it was: paid now, they would be
  // refused and left for a refund (memberStillPriced), so they close, as when another one is paid.
  await tx
    .update(orders)
    .set({ status: 'closed', closedAt: now, closeReason: 'cancelled' })
    .where(and(eq(orders.userId, order.userId), eq(orders.kind, 'member'), eq(orders.status, 'pending')));
  const after = await tx
    .select()
    .from(userMemberships)
    .where(and(eq(userMemberships.userId, order.userId), gt(userMemberships.endsAt, now)))
    .orderBy(asc(userMemberships.endsAt));
  // Ended now: shown with the end it got, so the record says what was taken.
  const ended = held.filter((h) => !after.some((a) => a.id === h.id));
  return {
    before: { memberships: before },
    after: {
      memberships: [...ended.map((h) => ({ ...view(h), endsAt: now.toISOString() })), ...after.map(view)],
    },
  };
}

function view(m: typeof userMemberships.$inferSelect) {
  return { id: m.id, levelId: m.levelId, startsAt: m.startsAt.toISOString(), endsAt: m.endsAt.toISOString() };
}

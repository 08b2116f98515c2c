import 'server-only';
import { addMonths, subMonths } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import { dataProductOrderDetailSchema } from '@/lib/api/schemas/commerce';
import { userDataProductAuths } from '../../../db/schema';
import type { OrderKindDef } from './types';

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * A paid data-product order: each region bought runs `months` months from the later of now
 * and the end of what the user already holds there (docs/commerce.md). One upsert per region on
 * the (user, product, region) key, inside the settlement transaction, so a repeated notify
 * (which never reaches here) or a concurrent one cannot grant twice.
 */
export const dataProductKind: OrderKindDef = {
  async grant(tx, order, now) {
    const d = dataProductOrderDetailSchema.parse(order.detail);
    const at = now.toISOString();
    const months = `${d.months} months`;
    for (const r of d.regions) {
      const a = userDataProductAuths;
      await tx
        .insert(a)
        .values({
          userId: order.userId,
          productCode: d.productCode,
          regionId: r.regionId,
          startsAt: sql`${at}::timestamptz`,
          endsAt: sql`${at}::timestamptz + ${months}::interval`,
          sourceOrderId: order.id,
          createdAt: sql`${at}::timestamptz`,
          updatedAt: sql`${at}::timestamptz`,
        })
        .onConflictDoUpdate({
          target: [a.userId, a.productCode, a.regionId],
          set: {
            startsAt: sql`CASE WHEN ${a.endsAt} > ${at}::timestamptz THEN ${a.startsAt} ELSE ${at}::timestamptz END`,
            endsAt: sql`greatest(${a.endsAt}, ${at}::timestamptz) + ${months}::interval`,
            sourceOrderId: order.id,
            updatedAt: sql`${at}::timestamptz`,
          },
        });
    }
  },
  /**
   * A refund (docs/commerce.md "Refunds"): each region's holding loses what is still to run of
   * the months this order added. When this order was the last to extend it, those are its last
   * `months`; when a later order extended it since, this order's stretch is taken to have started
   * when it was paid (what of it has run by now is not taken back). Never before now.
   */
  async revoke(tx, order, now) {
    const d = dataProductOrderDetailSchema.parse(order.detail);
    const before: unknown[] = [];
    const after: unknown[] = [];
    for (const r of d.regions) {
      const [h] = await tx
        .select()
        .from(userDataProductAuths)
        .where(
          and(
            eq(userDataProductAuths.userId, order.userId),
            eq(userDataProductAuths.productCode, d.productCode),
            eq(userDataProductAuths.regionId, r.regionId),
          ),
        )
        .for('update');
      if (!h || h.endsAt <= now) continue;
      const paidAt = order.paidAt ?? order.createdAt;
      const endsAt =
        h.sourceOrderId === order.id
          ? later(now, subMonths(h.endsAt, d.months))
          : later(
              now,
              new Date(
                h.endsAt.getTime() - Math.max(0, addMonths(paidAt, d.months).getTime() - later(paidAt, now).getTime()),
              ),
            );
      await tx.update(userDataProductAuths).set({ endsAt, updatedAt: now }).where(eq(userDataProductAuths.id, h.id));
      const key = { productCode: d.productCode, regionId: r.regionId, startsAt: h.startsAt.toISOString() };
      before.push({ ...key, endsAt: h.endsAt.toISOString() });
      after.push({ ...key, endsAt: endsAt.toISOString() });
    }
    return { before: { holdings: before }, after: { holdings: after } };
  },
};

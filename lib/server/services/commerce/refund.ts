import 'server-only';
import { eq } from 'drizzle-orm';
import type { OrderKind } from '@/lib/api/schemas/commerce';
import { msg } from '@/lib/i18n/server-messages';
import { callProvider, ProviderUnavailable } from '../../adapters/circuit';
import { paymentProvider } from '../../adapters/payments';
import type { Db, Tx } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import { fail } from '../../errors';
import { orderKinds } from './kinds';

/** Ours, one per order: asked twice, the provider gives back once (docs/commerce.md "Refunds"). */
export const refundNoOf = (orderNo: string) => `RF-${orderNo}`;

/**
 * Refunds a paid order whole (docs/commerce.md "Refunds"), in the caller's transaction: the order
 * row is locked first, so of two staff pressing Refund at once the second waits and then finds it
 * refunded (nothing changes, nothing is asked of the provider again). What the order granted ends
 * or shortens first, the provider is asked last: a refusal or an unreachable provider throws and
 * rolls everything back. Should the commit fail after the provider refunded, asking again is
 * safe: the refund number is the order's, so the provider answers the same refund.
 */
export async function refundOrder(
  /** The dispatcher's transaction of the console write (typed as the database it stands for). */
  tx: Db | Tx,
  input: { orderId: string; reason: string; actor: { id: string | null; name: string }; now: Date },
) {
  const { now } = input;
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
  if (!order) throw fail.notFound(msg('console.noOrder'));
  if (order.status === 'refunded') return { changed: false as const, order };
  if (order.status !== 'paid') throw fail.conflict(msg('console.notPaid'));
  const [pay] = await tx.select().from(payments).where(eq(payments.orderId, order.id));
  if (!pay) throw fail.conflict(msg('console.notPaid'));
  const provider = paymentProvider();
  if (provider.name !== pay.provider) throw fail.conflict(msg('console.otherProvider', { provider: pay.provider }));

  const kind = orderKinds[order.kind as OrderKind];
  if (!kind) throw new Error(`no grant step for order kind ${order.kind}`);
  const grants = await kind.revoke(tx as Tx, order, now);

  const refundNo = refundNoOf(order.orderNo);
  let answer: Awaited<ReturnType<typeof provider.refund>>;
  try {
    answer = await callProvider('payment', (signal) =>
      provider.refund(
        {
          tradeCode: order.tradeCode,
          providerTxnId: pay.providerTxnId,
          refundNo,
          paidFen: pay.amountFen,
          amountFen: pay.amountFen,
          reason: input.reason,
        },
        signal,
      ),
    );
  } catch (e) {
    if (e instanceof ProviderUnavailable) throw fail.unavailable(msg('faults.paymentUnavailable'), e.retryAfterSeconds);
    throw e;
  }
  if (!answer.ok) throw fail.conflict(msg('console.refundRefused', { why: answer.why }));

  const [updated] = await tx
    .update(orders)
    .set({ status: 'refunded', refundedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      refundNo,
      provider: provider.name,
      providerRefundId: answer.providerRefundId,
      amountFen: answer.amountFen,
      reason: input.reason,
      actorId: input.actor.id,
      actorName: input.actor.name,
      createdAt: now,
      payload: answer.payload,
    })
    .returning();
  return {
    changed: true as const,
    order: updated!,
    before: { status: order.status, refundedAt: null, grants: grants.before },
    after: { status: 'refunded', refundedAt: now, refund: refund!, grants: grants.after },
  };
}

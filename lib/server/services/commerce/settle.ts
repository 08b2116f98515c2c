import 'server-only';
import { eq } from 'drizzle-orm';
import type { OrderKind } from '@/lib/api/schemas/commerce';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { orderKinds } from './kinds';

/** A notify whose signature the provider has verified, in the provider's terms mapped to ours. */
export type VerifiedNotice = {
  provider: string;
  tradeCode: string;
  merchantId: string;
  event: 'paid' | 'closed' | 'waiting';
  providerTxnId: string;
  amountFen: number;
  /** When the payer paid, as the provider says; null when it does not say. */
  paidAt: Date | null;
  payload: Record<string, string>;
};

export type SettleOutcome = { outcome: 'paid' | 'duplicate' | 'closed' | 'ignored'; reason?: string };

function ignored(n: VerifiedNotice, reason: string): SettleOutcome {
  // Nothing changes; the operator can find the notify by its trade code.
  console.warn(`[payments] ${n.provider} notify for ${n.tradeCode} (txn ${n.providerTxnId}) ignored: ${reason}`);
  return { outcome: 'ignored', reason };
}

/**
 * The one notify core for every provider and order kind (docs/commerce.md): lock
 * the order, check trade code, merchant and amount, then in one transaction
 * mark it paid, record the payment (unique per order and per provider
 * transaction) and grant what the order's kind grants. Repeats and mismatches
 * change nothing.
 */
export async function settle(db: Db, n: VerifiedNotice, expectedMerchant: string, now: Date): Promise<SettleOutcome> {
  if (n.merchantId !== expectedMerchant) return ignored(n, `merchant ${n.merchantId} is not ours`);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.tradeCode, n.tradeCode)).for('update');
    if (!order) return ignored(n, 'unknown trade code');
    if (n.event === 'waiting') return { outcome: 'ignored', reason: 'waiting for the payer' };

    if (n.event === 'closed') {
      if (order.status !== 'pending') return { outcome: 'ignored', reason: `order is ${order.status}` };
      await tx
        .update(orders)
        .set({ status: 'closed', closedAt: now, closeReason: 'cancelled' })
        .where(eq(orders.id, order.id));
      return { outcome: 'closed' };
    }

    if (n.amountFen !== order.amountFen)
      return ignored(n, `amount ${n.amountFen} fen, order is ${order.amountFen} fen`);
    if (order.status === 'paid' || order.status === 'refunded') {
      const [pay] = await tx.select().from(payments).where(eq(payments.orderId, order.id));
      if (pay && pay.provider === n.provider && pay.providerTxnId === n.providerTxnId) return { outcome: 'duplicate' };
      return ignored(n, `order already ${order.status} by another transaction (refund needed)`);
    }
    const paidAt = n.paidAt ?? now;
    // Paid in time counts even if our clock closed the order before the notify arrived.
    if (paidAt > order.expiresAt) {
      // Too late to count; the order's 30 minutes are over, so it is closed as it would be on any read.
      if (order.status === 'pending' && order.expiresAt <= now) {
        await tx
          .update(orders)
          .set({ status: 'closed', closedAt: order.expiresAt, closeReason: 'expired' })
          .where(eq(orders.id, order.id));
      }
      return ignored(n, 'paid after the order expired (refund needed)');
    }
    if (order.status === 'closed' && order.closeReason !== 'expired')
      return ignored(n, 'order was cancelled (refund needed)');

    const kind = orderKinds[order.kind as OrderKind];
    if (!kind) throw new Error(`no grant step for order kind ${order.kind}`);
    const stale = await kind.recheck?.(tx, order, now);
    if (stale) {
      if (order.status === 'pending')
        await tx
          .update(orders)
          .set({ status: 'closed', closedAt: now, closeReason: 'cancelled' })
          .where(eq(orders.id, order.id));
      return ignored(n, `${stale} (refund needed)`);
    }
    await tx
      .update(orders)
      .set({ status: 'paid', paidAt, provider: n.provider, closedAt: null, closeReason: null })
      .where(eq(orders.id, order.id));
    await tx.insert(payments).values({
      orderId: order.id,
      provider: n.provider,
      providerTxnId: n.providerTxnId,
      merchantId: n.merchantId,
      amountFen: n.amountFen,
      paidAt,
      payload: n.payload,
    });
    await kind.grant(tx, order, now);
    return { outcome: 'paid' };
  });
}

import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderKind, PayInfoDTO } from '@/lib/api/schemas/commerce';
import { activeProvider, paymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { getDb } from '../../db/client';
import { orders } from '../../db/schema';
import { ApiError, fail } from '../../errors';
import { errorResponse } from '../../http/respond';
import { ownOrder, type OrderRow } from './orders';
import { settle, type SettleOutcome, type VerifiedNotice } from './settle';
import { msg } from '@/lib/i18n/server-messages';

export function refusePayment(order: OrderRow): never {
  if (order.status === 'paid' || order.status === 'refunded') throw fail.conflict(msg('commerce.alreadyPaid'));
  throw fail.conflict(msg(order.closeReason === 'cancelled' ? 'commerce.orderCancelled' : 'commerce.orderExpired'));
}

/**
 * PayMemberOrderPC / PayDataProductOrderPC: the pay URL and QR content of the
 * caller's pending order of that kind, from the active provider.
 */
export async function startPayment(
  db: Db,
  userId: string,
  tradeCode: string,
  kind: OrderKind,
  now: Date,
): Promise<PayInfoDTO> {
  const order = await ownOrder(db, userId, { tradeCode }, kind, now);
  if (order.status !== 'pending') refusePayment(order);
  const provider = paymentProvider();
  const { payUrl, qrContent } = await provider.createPayment({
    tradeCode: order.tradeCode,
    amountFen: order.amountFen,
    subject: order.titleZh,
    expiresAt: order.expiresAt,
  });
  await db.update(orders).set({ provider: provider.name }).where(eq(orders.id, order.id));
  return {
    orderId: order.id,
    tradeCode: order.tradeCode,
    provider: provider.name,
    status: 'pending',
    amountFen: order.amountFen,
    payUrl,
    qrContent,
    expiresAt: order.expiresAt.toISOString(),
  };
}

/**
 * POST /api/pay/notify/{provider}: verify with the provider, then settle.
 * A verified notice is acknowledged even when it changes nothing (a repeat, or
 * a mismatch that was logged), so the provider stops re-sending it; a bad
 * signature or a failure answers `fail`.
 */
export async function receiveNotify(
  providerName: string,
  req: Request,
  now = new Date(),
): Promise<{ response: Response; result?: SettleOutcome }> {
  const provider = activeProvider(providerName);
  if (!provider) return { response: new Response('not found', { status: 404 }) };
  let notice: VerifiedNotice | null;
  try {
    notice = await provider.verifyNotify(req);
  } catch (e) {
    // A body over the limit (code 413): refused with the envelope, the rest never read.
    if (e instanceof ApiError) return { response: errorResponse(e, randomUUID(), `${providerName} notify`) };
    throw e;
  }
  if (!notice) {
    console.warn(`[payments] ${providerName} notify rejected: bad signature or fields`);
    return { response: provider.reply(false) };
  }
  try {
    const result = await settle(await getDb(), notice, provider.merchantId, now);
    return { response: provider.reply(true), result };
  } catch (e) {
    console.error(`[payments] ${providerName} notify for ${notice.tradeCode} failed:`, e);
    return { response: provider.reply(false) };
  }
}

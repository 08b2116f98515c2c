import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderKind, PayInfoDTO } from '@/lib/api/schemas/commerce';
import { callProvider, circuitOpen, ProviderUnavailable, retryAfterSeconds } from '../../adapters/circuit';
import { activeProvider, paymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { getDb } from '../../db/client';
import { orders } from '../../db/schema';
import { ApiError, fail } from '../../errors';
import { recordFault } from '../../fleet/faults';
import { errorResponse } from '../../http/respond';
import { ownOrder, type OrderRow } from './orders';
import { settle, type SettleOutcome, type VerifiedNotice } from './settle';
import { msg } from '@/lib/i18n/server-messages';
import { orderResultPath } from './order-result';

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
  requestId = 'none',
): Promise<PayInfoDTO> {
  const order = await ownOrder(db, userId, { tradeCode }, kind, now);
  if (order.status !== 'pending') refusePayment(order);
  const provider = paymentProvider();
  // A provider that has been failing is not where a payer should be sent now: refused before
  // anything is written, so the order stays as it was (docs/reliability.md).
  if (provider.queryPayment && circuitOpen('payment')) {
    recordFault('payment_provider', { id: requestId, tradeCode, error: 'circuit open' });
    throw fail.unavailable(msg('faults.paymentUnavailable'), retryAfterSeconds('payment'));
  }
  const { payUrl, qrContent } = await provider.createPayment({
    tradeCode: order.tradeCode,
    returnPath: orderResultPath(order.kind, order.id),
    amountFen: order.amountFen,
    subject: order.titleZh,
    expiresAt: order.expiresAt,
  });
  await db.update(orders).set({ provider: provider.name }).where(eq(orders.id, order.id));
  return {
    orderId: order.id,
    tradeCode: order.tradeCode,
    orderNo: order.orderNo,
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

/** How often one order's state is asked of the provider, at most (per process). */
const QUERY_EVERY_MS = 2000;
const lastQueried = new Map<string, number>();

/**
 * A pending order the payer is waiting on (the pay modal polls it): asks the provider how the
 * trade stands, at most every 2 s, within its timeout and circuit (adapters/circuit.ts), and
 * settles it through the same core as a notify when it is paid — so a notify that is late or
 * lost (the portal was down when it came) does not keep a payer waiting. A provider that fails
 * only leaves the order as it stands (one fault line); the sandbox has nothing to ask.
 */
export async function reconcileOrder(db: Db, order: OrderRow, now: Date, requestId: string): Promise<OrderRow> {
  if (order.status !== 'pending' || !order.provider) return order;
  const provider = paymentProvider();
  const query = provider.queryPayment;
  if (provider.name !== order.provider || !query) return order;
  const at = Date.now();
  if (at - (lastQueried.get(order.id) ?? 0) < QUERY_EVERY_MS || circuitOpen('payment')) return order;
  if (lastQueried.size > 10_000) lastQueried.clear();
  lastQueried.set(order.id, at);
  let notice: VerifiedNotice | null;
  try {
    notice = await callProvider('payment', (signal) => query(order.tradeCode, signal));
  } catch (e) {
    if (!(e instanceof ProviderUnavailable)) throw e;
    recordFault('payment_provider', { id: requestId, tradeCode: order.tradeCode, error: e });
    return order;
  }
  if (notice?.event !== 'paid') return order;
  await settle(db, notice, provider.merchantId, now);
  const [fresh] = await db.select().from(orders).where(eq(orders.id, order.id));
  return fresh ?? order;
}

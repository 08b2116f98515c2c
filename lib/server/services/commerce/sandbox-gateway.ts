import 'server-only';
import { eq } from 'drizzle-orm';
import { activeProvider } from '../../adapters/payments';
import { sandboxNotifyBody, sandboxPageTokenValid } from '../../adapters/payments/sandbox';
import { env } from '../../env';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { closeExpired } from './orders';
import { orderResultPath } from './order-result';
import { receiveNotify } from './payment';

export type GatewayView = {
  tradeCode: string;
  orderNo: string;
  titleZh: string;
  titleEn: string;
  amountFen: number;
  status: 'pending' | 'paid' | 'closed' | 'refunded';
  expiresAt: string;
  /** Where the payer goes back to in the portal: the order's result (docs/commerce.md), without a language. */
  returnPath: string;
};

/** The order as the sandbox gateway shows it; null when the sandbox is not the active provider or the code is unknown. */
export async function gatewayView(db: Db, tradeCode: string, now: Date): Promise<GatewayView | null> {
  if (!activeProvider('sandbox') || !/^[A-Za-z0-9]{1,64}$/.test(tradeCode)) return null;
  await closeExpired(db, eq(orders.tradeCode, tradeCode), now);
  const [o] = await db.select().from(orders).where(eq(orders.tradeCode, tradeCode));
  if (!o) return null;
  return {
    tradeCode: o.tradeCode,
    orderNo: o.orderNo,
    titleZh: o.titleZh,
    titleEn: o.titleEn,
    amountFen: o.amountFen,
    status: o.status as GatewayView['status'],
    expiresAt: o.expiresAt.toISOString(),
    returnPath: orderResultPath(o.kind, o.id),
  };
}

/**
 * Pay or Cancel on the gateway page: like a real gateway, it tells the portal
 * only through a signed notify, posted to the portal's notify endpoint.
 * Only with the page token that came with the owner's pay URL (sandboxPageToken);
 * a closed, paid or unknown order cannot be paid.
 */
export async function gatewayAction(
  db: Db,
  tradeCode: string,
  action: 'pay' | 'cancel',
  token: string | null,
  now: Date,
) {
  if (!sandboxPageTokenValid(tradeCode, token, now)) return { ok: false as const, status: 'forbidden' as const };
  const view = await gatewayView(db, tradeCode, now);
  if (!view) return { ok: false as const, status: 'unknown' as const };
  if (view.status !== 'pending') return { ok: false as const, status: view.status };
  const body = sandboxNotifyBody({
    tradeCode,
    amountFen: view.amountFen,
    event: action === 'pay' ? 'paid' : 'closed',
    now,
  });
  const req = new Request(new URL('/api/pay/notify/sandbox', env().SITE_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const { result } = await receiveNotify('sandbox', req, now);
  return {
    ok: result?.outcome === 'paid' || result?.outcome === 'closed',
    status: (await gatewayView(db, tradeCode, now))?.status ?? 'unknown',
  };
}

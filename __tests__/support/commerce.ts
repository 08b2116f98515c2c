// Helpers shared by the commerce API tests (not a test file itself).
import { eq } from 'drizzle-orm';
import { POST as notifyRoute } from '@/app/api/pay/notify/[provider]/route';
import { POST as sandboxConfirm } from '@/app/(pay)/pay/sandbox/[tradeCode]/confirm/route';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import { canonical, signSandbox, SANDBOX_MERCHANT } from '@/lib/server/adapters/payments/sandbox';
import { getDb } from '@/lib/server/db/client';
import { orders, payments, userMemberships } from '@/lib/server/db/schema';
import { seedAccounts } from '@/lib/server/seed/accounts';
import { seedCommerce } from '@/lib/server/seed/commerce';
import { ok } from './api-client';

export { registerUser } from './accounts';

let seeded: Promise<unknown> | undefined;
/** The demo levels and their range prices, once per test file. */
export const seedCatalogue = () =>
  (seeded ??= getDb().then(async (db) => {
    await seedAccounts(db, { demo: true });
    await seedCommerce(db);
  }));

export async function levels(): Promise<Record<string, MemberLevelDTO>> {
  const list = await ok('QueryMemberList');
  return Object.fromEntries(list.map((l) => [l.code, l]));
}

export const buy = (token: string, memberId: string, months?: 1 | 3 | 12) =>
  ok('UserBuyMemberLevel', { token, body: months === undefined ? { memberId } : { memberId, months } });

export const payInfo = (token: string, tradeCode: string) =>
  ok('PayMemberOrderPC', { token, query: { trandeCode: tradeCode } });

/** Posts a notify to the real route, as a provider would. */
export async function postNotify(provider: string, fields: Record<string, string>) {
  const res = await notifyRoute(
    new Request(`http://localhost/api/pay/notify/${provider}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    { params: Promise.resolve({ provider }) },
  );
  return { status: res.status, text: await res.text() };
}

/** A correctly signed sandbox notify ("paid" unless overridden); `sign` can be replaced to forge one. */
export function sandboxFields(
  order: { tradeCode: string; amountFen: number },
  over: Record<string, string> = {},
): Record<string, string> {
  const fields: Record<string, string> = {
    trade_code: order.tradeCode,
    merchant: SANDBOX_MERCHANT,
    event: 'paid',
    amount_fen: String(order.amountFen),
    txn_id: `SBX-test-${order.tradeCode}`,
    paid_at: new Date().toISOString(),
    ...over,
  };
  return { ...fields, sign: signSandbox(fields) };
}
export { canonical };

/** The gateway page's token in a pay URL (`?t=`), as the owner got it. */
export const gatewayToken = (payUrl: string) => new URL(payUrl, 'http://localhost').searchParams.get('t') ?? '';

/** Presses Pay or Cancel on the sandbox gateway page (its form posts here, with the page's token). */
export async function pressOnGateway(
  tradeCode: string,
  action: 'pay' | 'cancel',
  token: string | null,
  extra: Record<string, string> = {},
) {
  const form = new URLSearchParams({ action, ...(token === null ? {} : { t: token }), ...extra });
  const res = await sandboxConfirm(
    new Request(`http://localhost/pay/sandbox/${tradeCode}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }),
    { params: Promise.resolve({ tradeCode }) },
  );
  return { status: res.status, location: res.headers.get('location') };
}

/** What the database holds for an order: its row, its payments and the user's memberships. */
export async function snapshot(tradeCode: string) {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.tradeCode, tradeCode));
  const pays = order ? await db.select().from(payments).where(eq(payments.orderId, order.id)) : [];
  const grants = order ? await db.select().from(userMemberships).where(eq(userMemberships.userId, order.userId)) : [];
  return {
    status: order?.status,
    paidAt: order?.paidAt?.toISOString() ?? null,
    payments: pays.length,
    memberships: grants.map((g) => ({
      levelId: g.levelId,
      startsAt: g.startsAt.toISOString(),
      endsAt: g.endsAt.toISOString(),
    })),
  };
}

// docs/pricing.md, "Orders priced on what you hold": a membership order paid after what it was
// priced on changed is left for a refund, and paying one closes the user's other pending ones, so
// two levels never run side by side (issue 27, item 6).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { asc, eq } from 'drizzle-orm';
import type { MemberLevelDTO, OrderDTO } from '@/lib/api/schemas/commerce';
import { getDb } from '@/lib/server/db/client';
import { memberLevels, orders, payments, userMemberships } from '@/lib/server/db/schema';
import { ok } from '../support/api-client';
import { buy, levels, payInfo, postNotify, registerUser, sandboxFields, seedCatalogue } from '../support/commerce';
import { userIdOf } from '../support/accounts';

let L: Record<string, MemberLevelDTO>;
beforeAll(async () => {
  await seedCatalogue();
  L = await levels();
});

const DAY = 86_400_000;

/** The payer pays at the gateway: the provider's signed notify for the order reaches us. */
async function notifyPaid(token: string, order: OrderDTO, opened = false) {
  if (!opened) await payInfo(token, order.tradeCode);
  const r = await postNotify('sandbox', sandboxFields(order, { txn_id: `T-${order.tradeCode}` }));
  // The provider is told we have its notice either way; an ignored one is logged for a refund.
  expect(r).toEqual({ status: 200, text: 'success' });
}

/** The memberships in force now, as "level" codes, and the order's state with its payments. */
async function held(phone: string) {
  const db = await getDb();
  const now = new Date();
  const rows = await db
    .select({ code: memberLevels.code, startsAt: userMemberships.startsAt, endsAt: userMemberships.endsAt })
    .from(userMemberships)
    .innerJoin(memberLevels, eq(memberLevels.id, userMemberships.levelId))
    .where(eq(userMemberships.userId, await userIdOf(phone)))
    .orderBy(asc(memberLevels.rank));
  return rows.filter((r) => r.startsAt <= now && r.endsAt > now).map((r) => r.code);
}
async function orderState(id: string) {
  const db = await getDb();
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  const pays = await db.select().from(payments).where(eq(payments.orderId, id));
  return { status: o!.status, closeReason: o!.closeReason, payments: pays.length };
}

describe('a membership order paid after what it was priced on changed', () => {
  it('paying one membership order closes the other pending ones, so a late payment grants nothing', async () => {
    const u = await registerUser();
    const silver = await buy(u.token, L.silver!.id, 12);
    const gold = await buy(u.token, L.gold!.id, 12);
    expect([silver.member?.action, gold.member?.action]).toEqual(['new', 'new']);
    // Both gateway pages are opened, in two tabs.
    await payInfo(u.token, silver.tradeCode);
    await payInfo(u.token, gold.tradeCode);

    await notifyPaid(u.token, gold, true);
    expect(await orderState(silver.id)).toEqual({ status: 'closed', closeReason: 'cancelled', payments: 0 });
    const seen = await ok('QueryMemberOrderById', { token: u.token, query: { orderId: silver.id } });
    expect(seen).toMatchObject({ status: 'closed', closeReason: 'cancelled' });

    // The Silver page was still open at the gateway, and the payer paid it there.
    await notifyPaid(u.token, silver, true);
    expect(await held(u.phone)).toEqual(['gold']);
    expect(await orderState(silver.id)).toEqual({ status: 'closed', closeReason: 'cancelled', payments: 0 });
  });

  it('a new-membership order paid after a staff grant of another level is refused for a refund', async () => {
    const u = await registerUser();
    const silver = await buy(u.token, L.silver!.id, 1);
    const db = await getDb();
    await db.insert(userMemberships).values({
      userId: await userIdOf(u.phone),
      levelId: L.platinum!.id,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + 30 * DAY),
    });

    await notifyPaid(u.token, silver);
    expect(await held(u.phone)).toEqual(['platinum']);
    expect(await orderState(silver.id)).toEqual({ status: 'closed', closeReason: 'cancelled', payments: 0 });
  });

  it('an upgrade priced on a term that was renewed meanwhile is refused; one priced on today’s term is granted', async () => {
    const u = await registerUser();
    const db = await getDb();
    const userId = await userIdOf(u.phone);
    const [term] = await db
      .insert(userMemberships)
      .values({
        userId,
        levelId: L.silver!.id,
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + 20 * DAY),
      })
      .returning();
    const stale = await buy(u.token, L.gold!.id);
    expect(stale.member?.action).toBe('upgrade');
    // The Silver term is lengthened (a staff grant); the upgrade's price covered only the old end.
    await db
      .update(userMemberships)
      .set({ endsAt: new Date(Date.now() + 200 * DAY) })
      .where(eq(userMemberships.id, term!.id));
    await notifyPaid(u.token, stale);
    expect(await held(u.phone)).toEqual(['silver']);
    expect(await orderState(stale.id)).toEqual({ status: 'closed', closeReason: 'cancelled', payments: 0 });

    const fresh = await buy(u.token, L.gold!.id);
    expect(fresh.id).not.toBe(stale.id);
    await notifyPaid(u.token, fresh);
    expect(await held(u.phone)).toEqual(['gold']);
    expect(await orderState(fresh.id)).toEqual({ status: 'paid', closeReason: null, payments: 1 });
  });

  it('renewing the level held is still granted, and extends it', async () => {
    const u = await registerUser();
    const first = await buy(u.token, L.silver!.id, 1);
    await notifyPaid(u.token, first);
    const renew = await buy(u.token, L.silver!.id, 3);
    expect(renew.member?.action).toBe('renew');
    await notifyPaid(u.token, renew);
    expect(await held(u.phone)).toEqual(['silver']);
    expect(await orderState(renew.id)).toMatchObject({ status: 'paid', payments: 1 });
  });
});

// Orders and refunds in the console (docs/console.md "Orders and refunds"): support finds orders by
// status, kind, phone, time and amount and opens one; a refund goes through the sandbox gateway
// (signed both ways), ends or shortens what the order granted, in one transaction with its audit
// record, and happens once however many times it is asked.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { SANDBOX_MERCHANT, sandboxGatewayRefund, sandboxRefund } from '@/lib/server/adapters/payments/sandbox';
import { getDb } from '@/lib/server/db/client';
import { auditLog, refunds, userDataProductAuths } from '@/lib/server/db/schema';
import { seedCatalogue as seedMarketCatalogue } from '@/lib/server/seed/catalogue';
import { seedDataProducts } from '@/lib/server/seed/market';
import { createOrReuseOrder } from '@/lib/server/services/commerce/orders';
import { settle } from '@/lib/server/services/commerce/settle';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import { newStaff, newUser, registerUser, userIdOf } from '../support/accounts';
import { call, ok } from '../support/api-client';
import { buy, levels, postNotify, sandboxFields, seedCatalogue } from '../support/commerce';

let support: Awaited<ReturnType<typeof newStaff>>;
let admin: Awaited<ReturnType<typeof newStaff>>;
let L: Record<string, MemberLevelDTO>;
beforeAll(async () => {
  await seedCatalogue();
  const db = await getDb();
  await seedMarketCatalogue(db);
  await seedDataProducts(db);
  L = await levels();
  support = await newStaff(['support'], 'Sue Support');
  admin = await newStaff(['admin'], 'Ada Admin');
}, 60_000);

const DAY = 86_400_000;

/** A customer with a paid Silver order (through a signed sandbox notify, as the gateway sends it). */
async function paidSilver(months: 1 | 3 | 12 = 1) {
  const c = await registerUser();
  const order = await buy(c.token, L.silver!.id, months);
  expect(await postNotify('sandbox', sandboxFields(order))).toEqual({ status: 200, text: 'success' });
  return { c, order, userId: await userIdOf(c.phone) };
}

const refund = (orderId: string, reason = 'Customer paid twice by mistake', token = support.token) =>
  call('ConsoleRefundOrder', { token, body: { orderId, reason } });

describe('the orders list', () => {
  it('filters by phone, status, kind, amount and time, newest first, and opens an order', async () => {
    const a = await paidSilver();
    const pending = await buy(a.c.token, L.gold!.id, 1);
    const list = (body: Record<string, unknown>) => ok('ConsoleOrders', { token: support.token, body });
    const mine = await list({ phone: a.c.phone });
    expect(mine.total).toBe(2);
    expect(mine.items.map((i) => [i.orderNo, i.status])).toEqual([
      [pending.orderNo, 'pending'],
      [a.order.orderNo, 'paid'],
    ]);
    expect(mine.items[1]).toMatchObject({ kind: 'member', provider: 'sandbox', buyer: { phone: a.c.phone } });
    expect(mine.sums).toEqual({ paidFen: a.order.amountFen, refundedFen: 0 });
    // By its last 6 digits as by the whole number.
    expect((await list({ phone: a.c.phone.slice(-6) })).items.map((i) => i.id)).toEqual(
      expect.arrayContaining([a.order.id, pending.id]),
    );
    expect((await list({ phone: a.c.phone, status: 'paid' })).items.map((i) => i.id)).toEqual([a.order.id]);
    expect((await list({ phone: a.c.phone, kind: 'data_product' })).total).toBe(0);
    const amt = a.order.amountFen;
    expect((await list({ phone: a.c.phone, minFen: amt, maxFen: amt })).items.map((i) => i.id)).toEqual([a.order.id]);
    expect((await list({ phone: a.c.phone, minFen: amt + 1 })).items.map((i) => i.id)).toEqual([pending.id]);
    const t = Date.parse(pending.createdAt);
    expect(
      (await list({ phone: a.c.phone, from: new Date(t - DAY).toISOString(), to: new Date(t + DAY).toISOString() }))
        .total,
    ).toBe(2);
    expect((await list({ phone: a.c.phone, from: new Date(t + 60_000).toISOString() })).total).toBe(0);
    // Paged.
    const p2 = await list({ phone: a.c.phone, page: 2, pageSize: 1 });
    expect(p2).toMatchObject({ total: 2, items: [{ id: a.order.id }] });

    const d = await ok('ConsoleOrder', { token: support.token, body: { orderId: a.order.id } });
    expect(d).toMatchObject({
      buyer: { phone: a.c.phone },
      refundable: true,
      refund: null,
      order: {
        orderNo: a.order.orderNo,
        status: 'paid',
        payment: { provider: 'sandbox' },
        member: { levelCode: 'silver' },
      },
    });
    expect(
      (await call('ConsoleOrder', { token: support.token, body: { orderId: crypto.randomUUID() } })).body,
    ).toMatchObject({ code: 404, msg: 'No order has this id.' });
  });

  it('names the bad filter', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await call('ConsoleOrders', { token: support.token, body: body as never })).body;
    expect(await bad({ minFen: 500, maxFen: 100 })).toMatchObject({
      code: 400,
      msg: 'maxFen: must not be below the least amount',
    });
    expect(await bad({ phone: '12' })).toMatchObject({
      code: 400,
      msg: 'phone: must be 4 to 11 digits of a phone number',
    });
    expect(await bad({ status: 'lost' })).toMatchObject({ code: 400, msg: expect.stringMatching(/^status: /) });
    expect(await bad({ minFen: -1 })).toMatchObject({ code: 400, msg: 'minFen: must not be negative' });
  });

  it('refuses customers and editors (403)', async () => {
    const customer = await newUser('customer');
    const editor = await newStaff(['editor']);
    for (const token of [customer.token, editor.token]) {
      expect((await call('ConsoleOrders', { token, body: {} })).body.code).toBe(403);
      expect((await refund(crypto.randomUUID(), 'a good reason', token)).body.code).toBe(403);
    }
  });
});

describe('refunds', () => {
  it('refunds a Silver order: the membership ends, the customer sees it refunded, the audit log has before and after', async () => {
    const { c, order } = await paidSilver();
    expect(await ok('QueryUserMemberByUserId', { token: c.token })).toMatchObject({ levelCode: 'silver' });
    // An upgrade waiting to be paid was priced on the Silver being refunded: it closes.
    const upgrade = await buy(c.token, L.gold!.id);
    const r = await refund(order.id);
    expect(r.body.code).toBe(1);
    expect(r.body.data).toMatchObject({
      refundable: false,
      order: { status: 'refunded' },
      refund: {
        provider: 'sandbox',
        providerRefundId: expect.stringMatching(/^SBXR[0-9a-f]{24}$/),
        amountFen: order.amountFen,
        reason: 'Customer paid twice by mistake',
        actorName: 'Sue Support',
      },
    });
    expect(await ok('QueryUserMemberByUserId', { token: c.token })).toBeNull();
    const own = await ok('QueryUserMemberOrderForPageList', { token: c.token, body: { pageIndex: 1, pageSize: 10 } });
    expect(own.list.map((o) => [o.id, o.status])).toEqual([
      [upgrade.id, 'closed'],
      [order.id, 'refunded'],
    ]);

    const audit = await ok('ConsoleAuditLog', { token: admin.token, body: { entity: 'order', entityId: order.id } });
    expect(audit.items).toHaveLength(1);
    const e = audit.items[0]!;
    expect(e).toMatchObject({
      action: 'ConsoleRefundOrder',
      actorName: 'Sue Support',
      reason: 'Customer paid twice by mistake',
    });
    const before = e.before as { status: string; grants: { memberships: { endsAt: string }[] } };
    const after = e.after as {
      status: string;
      grants: { memberships: { endsAt: string }[] };
      refund: { amountFen: number };
    };
    expect(before.status).toBe('paid');
    expect(after).toMatchObject({ status: 'refunded', refund: { amountFen: order.amountFen } });
    expect(Date.parse(before.grants.memberships[0]!.endsAt) - Date.now()).toBeGreaterThan(27 * DAY);
    expect(Date.parse(after.grants.memberships[0]!.endsAt)).toBeLessThanOrEqual(Date.now());

    // Asked again: the same answer, nothing more given back, nothing more recorded.
    const again = await refund(order.id, 'Pressed twice');
    expect(again.body.data).toMatchObject({
      order: { status: 'refunded' },
      refund: { reason: 'Customer paid twice by mistake' },
    });
    expect(
      (await ok('ConsoleAuditLog', { token: admin.token, body: { entity: 'order', entityId: order.id } })).items,
    ).toHaveLength(1);
  });

  it('two refunds of one order at once make exactly one; a renewal refunded shortens the membership by its month only', async () => {
    const c = await registerUser();
    const userId = await userIdOf(c.phone);
    await ok('ConsoleGrantMembership', {
      token: support.token,
      body: { userId, levelCode: 'silver', months: 2, reason: 'Compensation for the outage' },
    });
    const granted = Date.parse((await ok('QueryUserMemberByUserId', { token: c.token }))!.endsAt);
    const order = await buy(c.token, L.silver!.id, 1);
    await postNotify('sandbox', sandboxFields(order));
    const renewed = Date.parse((await ok('QueryUserMemberByUserId', { token: c.token }))!.endsAt);
    expect(renewed - granted).toBeGreaterThan(27 * DAY);

    const [a, b] = await Promise.all([
      refund(order.id, 'Refund asked by phone'),
      refund(order.id, 'Refund asked by mail'),
    ]);
    expect([a.body.code, b.body.code]).toEqual([1, 1]);
    const db = await getDb();
    expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, order.id))).toHaveLength(1);
    // The granted two months stand; only the renewal's month is gone, once.
    const now = await ok('QueryUserMemberByUserId', { token: c.token });
    expect(Math.abs(Date.parse(now!.endsAt) - granted)).toBeLessThan(1000);
  });

  it('refuses an order that is not paid, and writes nothing', async () => {
    const c = await registerUser();
    const pending = await buy(c.token, L.silver!.id, 1);
    expect((await refund(pending.id)).body).toMatchObject({ code: 409, msg: 'Only a paid order can be refunded.' });
    expect((await refund(crypto.randomUUID())).body).toMatchObject({ code: 404 });
    expect((await refund(pending.id, 'no')).body).toMatchObject({ code: 400, msg: expect.stringMatching(/^reason: /) });
    const db = await getDb();
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, pending.id))).toEqual([]);
  });

  it('refunds a data product order: its regions end now', async () => {
    const db = await getDb();
    const c = await registerUser();
    const userId = await userIdOf(c.phone);
    const now = new Date();
    const { order } = await createOrReuseOrder(
      db,
      {
        userId,
        kind: 'data_product',
        dedupeKey: `dp-test-${userId}`,
        amountFen: 9900,
        titleZh: '蔬菜数据 山东 1个月',
        titleEn: 'Vegetable data, Shandong, 1 month',
        detail: {
          productCode: 'DP-VEGETABLES',
          productNameZh: '蔬菜数据',
          productNameEn: 'Vegetable data',
          categoryCode: 'vegetables',
          months: 1,
          discountPct: 0,
          levelCode: null,
          regions: [{ regionId: 'shandong', nameZh: '山东', nameEn: 'Shandong', listPriceFen: 9900, priceFen: 9900 }],
        },
        lines: [{ ref: 'shandong', labelZh: '山东', labelEn: 'Shandong', amountFen: 9900 }],
      },
      now,
    );
    const paid = await settle(
      db,
      {
        provider: 'sandbox',
        tradeCode: order.tradeCode,
        merchantId: SANDBOX_MERCHANT,
        event: 'paid',
        providerTxnId: `SBX-dp-${order.tradeCode}`,
        amountFen: 9900,
        paidAt: now,
        payload: {},
      },
      SANDBOX_MERCHANT,
      now,
    );
    expect(paid.outcome).toBe('paid');
    const held = () => db.select().from(userDataProductAuths).where(eq(userDataProductAuths.userId, userId));
    expect((await held())[0]!.endsAt.getTime() - Date.now()).toBeGreaterThan(27 * DAY);
    const r = await refund(order.id, 'Bought the wrong province');
    expect(r.body.data).toMatchObject({ order: { status: 'refunded', kind: 'data_product' } });
    expect((await held())[0]!.endsAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('the sandbox gateway refund desk', () => {
  const req = {
    tradeCode: 'T1',
    providerTxnId: 'SBX1',
    refundNo: 'RF-YN-1',
    paidFen: 1000,
    amountFen: 1000,
    reason: 'x',
  };
  it('answers a signed refund, the same refund id when asked again, and refuses what is not signed or too much', async () => {
    const first = await sandboxRefund(req);
    const second = await sandboxRefund(req);
    expect(first).toMatchObject({ ok: true, amountFen: 1000 });
    expect(second.ok && first.ok && second.providerRefundId === first.providerRefundId).toBe(true);
    expect(await sandboxRefund({ ...req, amountFen: 1001 })).toEqual({
      ok: false,
      why: 'refund amount exceeds the payment',
    });
    const forged = new URLSearchParams({
      merchant: SANDBOX_MERCHANT,
      trade_code: 'T1',
      txn_id: 'SBX1',
      refund_no: 'RF-YN-1',
      paid_fen: '1000',
      refund_fen: '1000',
      sign: 'forged',
    }).toString();
    expect(new URLSearchParams(sandboxGatewayRefund(forged, new Date())).get('status')).toBe('refused');
  });
});

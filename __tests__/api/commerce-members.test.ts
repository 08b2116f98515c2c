// docs/pricing.md: the membership catalogue, new / renew / upgrade / downgrade,
// amounts from the server, pending-order reuse, and who may see which order.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { addMonths } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import type { MemberLevelDTO, OrderDTO } from '@/lib/api/schemas/commerce';
import { serverZhCN } from '@/lib/i18n/messages/server.zh-cn';
import { renderMessage, type MessageRef } from '@/lib/i18n/server-messages';
import { getDb } from '@/lib/server/db/client';
import { orders, userMemberships } from '@/lib/server/db/schema';
import { call, ok } from '../support/api-client';
import { buy, levels, payInfo, postNotify, registerUser, sandboxFields, seedCatalogue } from '../support/commerce';
import { userIdOf } from '../support/accounts';

let L: Record<string, MemberLevelDTO>;
beforeAll(async () => {
  await seedCatalogue();
  L = await levels();
});

const DAY = 86_400_000;

/** Gives a user a running membership directly, as if bought earlier. */
async function grant(phone: string, code: string, startsAt: Date, endsAt: Date) {
  const db = await getDb();
  await db.insert(userMemberships).values({ userId: await userIdOf(phone), levelId: L[code]!.id, startsAt, endsAt });
}

async function pay(token: string, order: OrderDTO) {
  await payInfo(token, order.tradeCode);
  const r = await postNotify('sandbox', sandboxFields(order, { txn_id: `T-${order.tradeCode}` }));
  expect(r).toEqual({ status: 200, text: 'success' });
}

describe('catalogue', () => {
  it('lists the levels with 1, 3 and 12-month prices in fen; Free is listed but not for sale', async () => {
    const list = await ok('QueryMemberList');
    expect(list.map((l) => [l.code, l.rank, l.forSale])).toEqual([
      ['free', 0, false],
      ['silver', 1, true],
      ['gold', 2, true],
      ['platinum', 3, true],
    ]);
    expect(L.silver!.prices).toEqual([
      { months: 1, priceFen: 3900 },
      { months: 3, priceFen: 9900 },
      { months: 12, priceFen: 29900 },
    ]);
    expect(L.free!.prices).toEqual([]);
    expect(await ok('QueryMemberRangPriceList', { query: { memberId: L.gold!.id } })).toEqual(L.gold!.prices);
  });

  it('answers not found for an unknown level id, and names the field when it is missing', async () => {
    expect((await call('QueryMemberRangPriceList', { query: { memberId: 'nope' } })).body).toMatchObject({
      code: 404,
      msg: 'membership level not found',
    });
    expect((await call('QueryMemberRangPriceList', { query: {} as never })).body).toMatchObject({
      code: 400,
      msg: 'memberId: is required',
    });
  });
});

describe('buying', () => {
  it('a new member gets the catalogue price, whatever the client sends, and the order is pending for 30 minutes', async () => {
    const { token } = await registerUser();
    const info = await ok('QueryUserBuyMemberInfo', { token, query: { memberId: L.silver!.id } });
    expect(info.current).toBeNull();
    expect(info.offer.action).toBe('new');
    expect(info.options.map((o) => [o.months, o.priceFen])).toEqual([
      [1, 3900],
      [3, 9900],
      [12, 29900],
    ]);
    const r = await call('UserBuyMemberLevel', {
      token,
      body: { memberId: L.silver!.id, months: 3, amountFen: 1, price: 1 } as never,
    });
    const order = r.body.data!;
    expect(order).toMatchObject({
      kind: 'member',
      status: 'pending',
      amountFen: 9900,
      titleEn: 'Silver membership, 3 months',
      member: { action: 'new', months: 3 },
    });
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(30 * 60_000);
    expect(order.tradeCode).toMatch(/^YN\d{8}[0-9a-f]{32}$/);
    expect(order.lines).toEqual([
      { ref: L.silver!.id, labelZh: '白银会员 3个月', labelEn: 'Silver membership, 3 months', amountFen: 9900 },
    ]);
  });

  it('requires a duration for a new membership and refuses Free', async () => {
    const { token } = await registerUser();
    expect((await call('UserBuyMemberLevel', { token, body: { memberId: L.gold!.id } })).body).toMatchObject({
      code: 400,
      msg: 'months: is required (1, 3 or 12)',
    });
    expect(
      (await call('UserBuyMemberLevel', { token, body: { memberId: L.gold!.id, months: 2 as never } })).body,
    ).toMatchObject({ code: 400, msg: 'months: must be 1, 3 or 12' });
    expect((await call('UserBuyMemberLevel', { token, body: { memberId: L.free!.id, months: 1 } })).body).toMatchObject(
      {
        code: 400,
        msg: 'memberId: Free is not for sale',
      },
    );
  });

  it('needs a login', async () => {
    expect((await call('UserBuyMemberLevel', { body: { memberId: L.gold!.id, months: 1 } })).status).toBe(401);
  });

  it('renewing the same level extends the end date by the months bought', async () => {
    const u = await registerUser();
    const now = Date.now();
    const end = new Date(now + 10 * DAY);
    await grant(u.phone, 'silver', new Date(now - DAY), end);
    const info = await ok('QueryUserBuyMemberInfo', {
      token: u.token,
      query: { memberId: L.silver!.id },
    });
    expect(info.offer.action).toBe('renew');
    expect(info.options[0]).toMatchObject({
      months: 1,
      effectiveAt: end.toISOString(),
      endsAt: addMonths(end, 1).toISOString(),
    });
    const order = await buy(u.token, L.silver!.id, 1);
    expect(order).toMatchObject({
      amountFen: 3900,
      titleEn: 'Silver membership renewal, 1 month',
      member: { action: 'renew' },
    });
    await pay(u.token, order);
    const member = await ok('QueryUserMemberByUserId', { token: u.token });
    expect(member).toMatchObject({ levelCode: 'silver', endsAt: addMonths(end, 1).toISOString() });
  });

  it('upgrading a membership no order paid for prices it as 12 months of its level, and keeps the end date', async () => {
    const u = await registerUser();
    const now = Date.now();
    const end = new Date(now + 17 * DAY + 5 * 3600_000); // 17 days and 5 hours: 18 started days
    await grant(u.phone, 'silver', new Date(now - 13 * DAY), end);
    // Gold for the 18 days at its 12-month rate, less the unused 18 days of Silver's 12-month price.
    const newPrice = Math.ceil((59900 * 18) / 365); // 2954
    const credit = Math.floor((29900 * 18) / 365); // 1474
    const expected = newPrice - credit; // 1480 fen
    const up = await ok('QueryMemberLevelUpPrice', {
      token: u.token,
      query: { memberId: L.gold!.id },
    });
    expect(up).toMatchObject({
      fromLevelId: L.silver!.id,
      toLevelId: L.gold!.id,
      priceFen: expected,
      remainingDays: 18,
      endsAt: end.toISOString(),
    });
    expect(up).toMatchObject({ newPriceFen: newPrice, creditFen: credit });

    const withOffers = await ok('QueryMemberListHasUpPrice', { token: u.token });
    expect(withOffers.map((l) => [l.code, l.offer.action, l.offer.upPriceFen])).toEqual([
      ['silver', 'renew', null],
      ['gold', 'upgrade', expected],
      ['platinum', 'upgrade', Math.ceil((119900 * 18) / 365) - credit],
    ]);

    const order = await buy(u.token, L.gold!.id);
    expect(order).toMatchObject({
      amountFen: expected,
      member: { action: 'upgrade', fromLevelCode: 'silver', remainingDays: 18, endsAt: end.toISOString() },
    });
    await pay(u.token, order);
    const member = await ok('QueryUserMemberByUserId', { token: u.token });
    expect(member).toMatchObject({ levelCode: 'gold', endsAt: end.toISOString() });
  });

  it('prices an upgrade from what was paid: Silver 1 month then Platinum at once costs ¥120, ¥159 in all', async () => {
    const u = await registerUser();
    const silverOrder = await buy(u.token, L.silver!.id, 1);
    expect(silverOrder.amountFen).toBe(3900);
    await pay(u.token, silverOrder);
    const up = await ok('QueryMemberLevelUpPrice', {
      token: u.token,
      query: { memberId: L.platinum!.id },
    });
    // Platinum for the month at the 1-month rate, less the unused month of the ¥39 paid.
    expect(up).toMatchObject({ priceFen: 12000, newPriceFen: 15900, creditFen: 3900 });
    expect(up.parts).toEqual([{ months: 1, remainingDays: up.remainingDays, newPriceFen: 15900, creditFen: 3900 }]);
    const upgrade = await buy(u.token, L.platinum!.id);
    expect(upgrade.amountFen).toBe(12000);
    await pay(u.token, upgrade);
    const member = await ok('QueryUserMemberByUserId', { token: u.token });
    expect(member?.levelCode).toBe('platinum');
  });

  it('carries what was paid through two upgrades: Silver 3 months → Gold → Platinum costs Platinum 3 months', async () => {
    const u = await registerUser();
    const paid: number[] = [];
    const s = await buy(u.token, L.silver!.id, 3);
    paid.push(s.amountFen);
    await pay(u.token, s);
    for (const code of ['gold', 'platinum'] as const) {
      const o = await buy(u.token, L[code]!.id);
      paid.push(o.amountFen);
      await pay(u.token, o);
    }
    expect(paid).toEqual([9900, 10000, 20000]);
    expect(paid.reduce((a, b) => a + b)).toBe(39900);
  });

  it('refuses a downgrade while the higher level is active, with a message saying why and until when', async () => {
    const u = await registerUser();
    const end = new Date(Date.now() + 40 * DAY);
    await grant(u.phone, 'gold', new Date(Date.now() - DAY), end);
    const day = end.toISOString().slice(0, 10);
    const msg = `You are a Gold member until ${day}; a lower level (Silver) cannot be bought while it is active. You can buy Silver after ${day}.`;
    expect(
      (await call('UserBuyMemberLevel', { token: u.token, body: { memberId: L.silver!.id, months: 12 } })).body,
    ).toMatchObject({ code: 409, msg });
    expect(
      (await call('QueryMemberLevelUpPrice', { token: u.token, query: { memberId: L.silver!.id } })).body,
    ).toMatchObject({ code: 409, msg });
    const info = await ok('QueryUserBuyMemberInfo', {
      token: u.token,
      query: { memberId: L.silver!.id },
    });
    expect(info.offer).toMatchObject({ action: 'refused', refusedReason: msg });
    // The same reason as a message, which a Chinese page shows in Chinese.
    expect(renderMessage(info.offer.refusedMessage as MessageRef, 'zh-CN', serverZhCN)).toBe(
      `您是黄金会员，有效期至 ${day}；有效期内不能购买更低的等级（白银会员）。${day} 之后可购买白银会员。`,
    );
    expect(info.options).toEqual([]);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(orders)
        .where(eq(orders.userId, await userIdOf(u.phone))),
    ).toHaveLength(0);
  });

  it('an expired membership counts as none: buying again starts a new one now', async () => {
    const u = await registerUser();
    await grant(u.phone, 'gold', new Date(Date.now() - 60 * DAY), new Date(Date.now() - DAY));
    const order = await buy(u.token, L.silver!.id, 1);
    expect(order.member?.action).toBe('new');
  });

  it('20 concurrent identical submits make one pending order, which all of them get back', async () => {
    const u = await registerUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('UserBuyMemberLevel', { token: u.token, body: { memberId: L.platinum!.id, months: 12 } }),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill(1));
    const ids = new Set(answers.map((a) => a.body.data!.id));
    expect(ids.size).toBe(1);
    const db = await getDb();
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, await userIdOf(u.phone)), eq(orders.status, 'pending')));
    expect(rows).toHaveLength(1);
    // A different buy is a different order.
    const other = await buy(u.token, L.platinum!.id, 1);
    expect(ids.has(other.id)).toBe(false);
  });
});

describe('reading orders', () => {
  it("another user's order id answers not found, as an unknown or malformed one does", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const order = await buy(owner.token, L.silver!.id, 1);
    expect(await ok('QueryMemberOrderById', { token: owner.token, query: { orderId: order.id } })).toMatchObject({
      id: order.id,
    });
    const notFound = { code: 404, msg: 'order not found' };
    expect(
      (await call('QueryMemberOrderById', { token: stranger.token, query: { orderId: order.id } })).body,
    ).toMatchObject(notFound);
    expect(
      (
        await call('QueryMemberOrderById', {
          token: stranger.token,
          query: { orderId: '00000000-0000-4000-8000-000000000000' },
        })
      ).body,
    ).toMatchObject(notFound);
    expect(
      (await call('QueryMemberOrderById', { token: stranger.token, query: { orderId: "1' or '1'='1" } })).body,
    ).toMatchObject(notFound);
    expect(
      (await call('PayMemberOrderPC', { token: stranger.token, query: { trandeCode: order.tradeCode } })).body,
    ).toMatchObject(notFound);
    const list = await ok('QueryUserMemberOrderForPageList', {
      token: stranger.token,
      body: { pageIndex: 1, pageSize: 10 },
    });
    expect(list.total).toBe(0);
  });

  it('pages the caller’s orders newest first and filters by status', async () => {
    const u = await registerUser();
    const a = await buy(u.token, L.silver!.id, 1);
    const b = await buy(u.token, L.silver!.id, 3);
    const c = await buy(u.token, L.silver!.id, 12);
    await pay(u.token, b);
    const page1 = await ok('QueryUserMemberOrderForPageList', {
      token: u.token,
      body: { pageIndex: 1, pageSize: 2 },
    });
    expect(page1.total).toBe(3);
    expect(page1.list.map((o) => o.id)).toHaveLength(2);
    const page2 = await ok('QueryUserMemberOrderForPageList', {
      token: u.token,
      body: { pageIndex: 2, pageSize: 2 },
    });
    expect(new Set([...page1.list, ...page2.list].map((o) => o.id))).toEqual(new Set([a.id, b.id, c.id]));
    const paid = await ok('QueryUserMemberOrderForPageList', {
      token: u.token,
      body: { pageIndex: 1, pageSize: 10, status: 'paid' },
    });
    expect(paid.list.map((o) => [o.id, o.status, o.payment?.amountFen])).toEqual([[b.id, 'paid', 9900]]);
    expect(
      (await call('QueryUserMemberOrderForPageList', { token: u.token, body: { status: 'done' as never } })).body.code,
    ).toBe(400);
  });
});

// docs/pricing.md for regional data products: the catalogue, prices from the server with
// the member discount, the minimum rank, pending-order reuse, the grant on payment (once, per
// region, extending what is held), and who may see which order. Both databases (npm run test:pg).
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { addMonths } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { getDb, query } from '@/lib/server/db/client';
import { orders, payments } from '@/lib/server/db/schema';
import { generateDemoSeries } from '@/lib/server/market/demo-series';
import { inBatches, seedDataProducts } from '@/lib/server/seed/market';
import { importRows } from '@/lib/server/services/market/import/pipeline';
import { clearOffersCache } from '@/lib/server/services/market/read/offers';
import { call, ok } from '../support/api-client';
import { buy, levels, postNotify, registerUser, sandboxFields, seedCatalogue } from '../support/commerce';
import { userIdOf } from '../support/accounts';
import { daysAgo, FIXTURE_MARKETS, TODAY } from '../support/market';
import { serverZhCN } from '@/lib/i18n/messages/server.zh-cn';
import { renderMessage, type MessageRef } from '@/lib/i18n/server-messages';
import { tamper } from '../support/tamper';

const VEG = 'DP-VEGETABLES';
const VEG_FEN = 298_000;
const MEAT = 'DP-MEAT-POULTRY';
const DAY = 86_400_000;

beforeAll(async () => {
  await seedCatalogue();
  const db = await getDb();
  // Two weeks of prices for a vegetable and pork in three provinces' markets: what puts regions on sale.
  await importRows(
    db,
    inBatches(
      generateDemoSeries({ from: daysAgo(14), to: TODAY, products: ['tomato', 'pork'], markets: FIXTURE_MARKETS }),
    ),
    { skipIndexes: true },
  );
  await seedDataProducts(db);
}, 120_000);
afterEach(() => {
  jest.restoreAllMocks();
});

const submit = (token: string, productId: string, regionIds: string[]) =>
  call('SubmitDataProductBuyOrder', { token, body: { productId, regionIds } });
const submitOk = async (token: string, productId: string, regionIds: string[]) => {
  const r = await submit(token, productId, regionIds);
  if (r.body.code !== 1) throw new Error(`submit answered ${JSON.stringify(r.body)}`);
  return r.body.data!;
};
const payOrder = (token: string, tradeCode: string) =>
  ok('PayDataProductOrderPC', { token, query: { trandeCode: tradeCode } });

/** The user's authorisations of a product, as stored. */
async function auths(phone: string, productCode = VEG) {
  const rows = await query<{
    region_id: string;
    starts_at: Date | string;
    ends_at: Date | string;
    source_order_id: string | null;
  }>(
    await getDb(),
    sql`SELECT a.region_id, a.starts_at, a.ends_at, a.source_order_id FROM user_data_product_auths a JOIN users u ON u.id = a.user_id
        WHERE u.phone = ${phone} AND a.product_code = ${productCode} ORDER BY a.region_id`,
  );
  return rows.map((r) => ({
    regionId: r.region_id,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    order: r.source_order_id,
  }));
}

async function paymentRows(orderId: string) {
  return (await getDb()).select().from(payments).where(eq(payments.orderId, orderId));
}

/** Makes a user a member of `code` directly, for a year. */
async function makeMember(phone: string, code: 'silver' | 'gold') {
  const L = await levels();
  const db = await getDb();
  await db.execute(sql`INSERT INTO user_memberships (user_id, level_id, starts_at, ends_at)
    VALUES (${await userIdOf(phone)}, ${L[code]!.id}, now() - interval '1 day', now() + interval '365 days')`);
}

describe('catalogue', () => {
  it('lists every product on sale with its per-region 12-month price, minimum level, member discounts and the regions with data', async () => {
    const list = await ok('QueryDataProductList');
    expect(list.map((p) => p.code)).toEqual([
      'DP-GRAINS',
      VEG,
      'DP-FRUIT',
      MEAT,
      'DP-AQUATIC',
      'DP-EGGS-DAIRY',
      'DP-OILS',
    ]);
    const veg = list.find((p) => p.code === VEG)!;
    expect(veg).toMatchObject({
      categoryCode: 'vegetables',
      categoryNameEn: 'Vegetables',
      pricePerRegionFen: VEG_FEN,
      months: 12,
      minRank: 0,
      minLevel: null,
    });
    expect(veg.discounts.map((d) => [d.code, d.pct])).toEqual([
      ['silver', 5],
      ['gold', 10],
      ['platinum', expect.any(Number)],
    ]);
    // The whole country first, priced as its three provinces with data, then each province.
    expect(veg.regions.map((r) => [r.id, r.units])).toEqual([
      ['cn', 3],
      ['beijing', 1],
      ['shandong', 1],
      ['henan', 1],
    ]);
    expect(veg.regions.find((r) => r.id === 'shandong')).toMatchObject({
      nameEn: 'Shandong',
      products: [{ code: 'tomato', nameEn: 'Tomato', nameZh: '西红柿' }],
    });
    const meat = list.find((p) => p.code === MEAT)!;
    expect(meat).toMatchObject({ minRank: 1, minLevel: { code: 'silver', nameEn: 'Silver' } });
    // A group without prices anywhere has nothing on sale yet.
    expect(list.find((p) => p.code === 'DP-OILS')!.regions).toEqual([]);
  });

  it('the buy model prices a region for the user: list price without a membership, less the level discount with one', async () => {
    const plain = await registerUser();
    const m = await ok('QueryDataProductBuyModelById', {
      token: plain.token,
      query: { productId: VEG },
    });
    expect(m).toMatchObject({ level: null, discountPct: 0, eligible: true, refusedReason: null });
    expect(m.regions.find((r) => r.id === 'henan')).toMatchObject({
      listPriceFen: VEG_FEN,
      priceFen: VEG_FEN,
      heldUntil: null,
    });

    const gold = await registerUser();
    await makeMember(gold.phone, 'gold');
    const g = await ok('QueryDataProductBuyModelById', {
      token: gold.token,
      query: { productId: VEG },
    });
    expect(g).toMatchObject({ level: { code: 'gold' }, discountPct: 10, eligible: true });
    expect(g.regions.filter((r) => r.units === 1).every((r) => r.priceFen === 268_200)).toBe(true);
    expect(g.regions.find((r) => r.id === 'cn')).toMatchObject({ listPriceFen: 3 * VEG_FEN, priceFen: 3 * 268_200 });

    expect(
      (await call('QueryDataProductBuyModelById', { token: plain.token, query: { productId: 'DP-NOPE' } })).body,
    ).toMatchObject({ code: 404, msg: 'Unknown data product "DP-NOPE"' });
    expect((await call('QueryDataProductBuyModelById', { query: { productId: VEG } })).status).toBe(401);
  });
});

describe('ordering', () => {
  it('20 concurrent identical submits make one pending order, one line per region, priced by the server', async () => {
    const u = await registerUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submitOk(u.token, VEG, i % 2 ? ['shandong', 'henan'] : ['henan', 'shandong']),
      ),
    );
    expect(new Set(answers.map((o) => o.id)).size).toBe(1);
    const o = answers[0]!;
    expect(o).toMatchObject({ kind: 'data_product', status: 'pending', amountFen: 2 * VEG_FEN, member: null });
    expect(o.lines.map((l) => [l.ref, l.amountFen])).toEqual([
      ['henan', VEG_FEN],
      ['shandong', VEG_FEN],
    ]);
    expect(o.dataProduct).toMatchObject({
      productCode: VEG,
      months: 12,
      discountPct: 0,
      regions: [{ regionId: 'henan' }, { regionId: 'shandong' }],
    });
    expect(o.titleEn).toBe('Vegetable regional data (Henan, Shandong; 12 months)');
    const db = await getDb();
    expect(
      await db
        .select()
        .from(orders)
        .where(eq(orders.userId, await userIdOf(u.phone))),
    ).toHaveLength(1);
    // Another set of regions is another buy.
    const other = await submitOk(u.token, VEG, ['beijing']);
    expect(other.id).not.toBe(o.id);
    expect(other.amountFen).toBe(VEG_FEN);
  });

  it('ignores any price the client sends, and refuses unknown regions, empty or repeated lists and unknown products', async () => {
    const u = await registerUser();
    const r = await call('SubmitDataProductBuyOrder', {
      token: u.token,
      body: { productId: VEG, regionIds: ['beijing'], amountFen: 1, priceFen: 1 } as never,
    });
    expect(r.body.data!.amountFen).toBe(VEG_FEN);
    expect((await submit(u.token, VEG, ['atlantis'])).body).toMatchObject({
      code: 400,
      msg: 'regionIds: Vegetable regional data is not sold for region "atlantis"',
    });
    expect((await submit(u.token, 'DP-OILS', ['shandong'])).body).toMatchObject({
      code: 400,
      msg: 'regionIds: Edible oils regional data is not sold for region "shandong"',
    });
    expect((await submit(u.token, VEG, [])).body).toMatchObject({
      code: 400,
      msg: 'regionIds: choose at least one region',
    });
    expect((await submit(u.token, VEG, ['henan', 'henan'])).body).toMatchObject({
      code: 400,
      msg: 'regionIds: lists a region twice',
    });
    expect((await submit(u.token, 'DP-NOPE', ['henan'])).body).toMatchObject({
      code: 404,
      msg: 'Unknown data product "DP-NOPE"',
    });
  });

  it('a member pays the discounted price', async () => {
    const u = await registerUser();
    await makeMember(u.phone, 'silver');
    const o = await submitOk(u.token, VEG, ['henan', 'beijing']);
    expect(o.amountFen).toBe(2 * 283_100); // 2980.00 less 5 %
    expect(o.dataProduct).toMatchObject({ discountPct: 5, levelCode: 'silver' });
    expect(o.lines.every((l) => l.amountFen === 283_100)).toBe(true);
  });

  it('refuses a user whose rank is below the minimum with a message naming the level, and places no order', async () => {
    const u = await registerUser();
    const m = await ok('QueryDataProductBuyModelById', {
      token: u.token,
      query: { productId: MEAT },
    });
    expect(m).toMatchObject({
      eligible: false,
      refusedReason: 'Meat & poultry regional data is sold to members only: it needs a Silver membership or higher.',
    });
    expect(renderMessage(m.refusedMessage as MessageRef, 'zh-CN', serverZhCN)).toMatch(
      /^.+仅向会员销售：需要白银会员或更高等级。$/,
    );
    const r = await submit(u.token, MEAT, ['shandong']);
    expect(r.body).toMatchObject({
      code: 403,
      msg: 'Meat & poultry regional data is sold to members only: it needs a Silver membership or higher.',
      data: { reason: 'level', level: { code: 'silver', nameZh: '白银会员', nameEn: 'Silver' } },
    });
    expect(
      await (await getDb())
        .select()
        .from(orders)
        .where(eq(orders.userId, await userIdOf(u.phone))),
    ).toHaveLength(0);
    // Silver qualifies.
    await makeMember(u.phone, 'silver');
    expect((await submitOk(u.token, MEAT, ['shandong'])).status).toBe('pending');
  });
});

describe('payment and grant', () => {
  it('a signed notify grants both regions for 12 months; 50 concurrent notifies make one payment row and one grant per region', async () => {
    const u = await registerUser();
    const o = await submitOk(u.token, VEG, ['shandong', 'henan']);
    const pay = await payOrder(u.token, o.tradeCode);
    expect(pay).toMatchObject({ orderId: o.id, provider: 'sandbox', status: 'pending', amountFen: 2 * VEG_FEN });
    expect(pay.payUrl).toMatch(new RegExp(`^/pay/sandbox/${o.tradeCode}\\?t=`));

    const before = Date.now();
    const fields = sandboxFields(o);
    const replies = await Promise.all(Array.from({ length: 50 }, () => postNotify('sandbox', fields)));
    expect(new Set(replies.map((r) => `${r.status} ${r.text}`))).toEqual(new Set(['200 success']));
    expect(await paymentRows(o.id)).toHaveLength(1);
    const granted = await auths(u.phone);
    expect(granted.map((a) => a.regionId)).toEqual(['henan', 'shandong']);
    for (const a of granted) {
      expect(a.order).toBe(o.id);
      // 12 months from the payment, granted once (not 50 times).
      const end = Date.parse(a.endsAt);
      expect(end).toBeGreaterThanOrEqual(addMonths(before, 12).getTime() - 1000);
      expect(end).toBeLessThanOrEqual(addMonths(Date.now(), 12).getTime() + 1000);
    }

    const paid = await ok('QueryDataProductOrderModelById', { token: u.token, query: { orderId: o.id } });
    expect(paid).toMatchObject({
      status: 'paid',
      payment: { provider: 'sandbox', providerTxnId: fields.txn_id, amountFen: 2 * VEG_FEN },
    });
    expect(
      (await call('PayDataProductOrderPC', { token: u.token, query: { trandeCode: o.tradeCode } })).body,
    ).toMatchObject({
      code: 409,
      msg: 'This order has already been paid.',
    });
    expect(await ok('QueryDataProductPayModelById', { token: u.token, query: { orderId: o.id } })).toMatchObject({
      orderId: o.id,
      order: { status: 'paid' },
      pay: null,
    });

    // The user's views of what they hold, and the market data it unlocks.
    const held = await ok('QueryUserDataProductAuthsRegion', {
      token: u.token,
      query: { OutProductCode: VEG },
    });
    expect(held.map((h) => [h.regionId, h.active]).sort()).toEqual([
      ['henan', true],
      ['shandong', true],
    ]);
    const holdings = await ok('QueryUserDataProductHoldings', { token: u.token });
    expect(holdings).toHaveLength(1);
    expect(holdings[0]).toMatchObject({ productCode: VEG, nameEn: 'Vegetable regional data' });
    expect(holdings[0]!.regions.map((r) => [r.regionId, r.active, r.products.map((p) => p.code)]).sort()).toEqual([
      ['henan', true, ['tomato']],
      ['shandong', true, ['tomato']],
    ]);
    const regions = await ok('QueryUserBuyDataProductRegion', {
      token: u.token,
      query: { OutProductCode: VEG },
      body: {},
    });
    expect(regions.find((r) => r.id === 'shandong')!.heldUntil).toBe(
      granted.find((a) => a.regionId === 'shandong')!.endsAt,
    );
    expect(regions.find((r) => r.id === 'beijing')!.heldUntil).toBeNull();
    clearOffersCache();
    const trend = await call('PriceTrend', {
      token: u.token,
      body: { productCode: 'tomato', regionIds: ['shandong'], from: daysAgo(10), to: TODAY } as never,
    });
    expect(trend.body.code).toBe(1);
    expect(trend.body.data!.series.length).toBeGreaterThan(0);
    const refused = await call('PriceTrend', {
      token: u.token,
      body: { productCode: 'tomato', regionIds: ['beijing'], from: daysAgo(10), to: TODAY } as never,
    });
    expect(refused.body).toMatchObject({ code: 403, data: { reason: 'region', dataProduct: { code: VEG } } });
  });

  it('buying a held region again extends it from its current end; an expired one starts again from now', async () => {
    const u = await registerUser();
    const db = await getDb();
    const id = await userIdOf(u.phone);
    const heldEnd = new Date(Date.now() + 100 * DAY);
    const lapsedEnd = new Date(Date.now() - 10 * DAY);
    await db.execute(sql`INSERT INTO user_data_product_auths (user_id, product_code, region_id, starts_at, ends_at) VALUES
      (${id}, ${VEG}, 'shandong', now() - interval '265 days', ${heldEnd.toISOString()}::timestamptz),
      (${id}, ${VEG}, 'henan', now() - interval '375 days', ${lapsedEnd.toISOString()}::timestamptz)`);
    const model = await ok('QueryDataProductBuyModelById', {
      token: u.token,
      query: { productId: VEG },
    });
    expect(model.regions.find((r) => r.id === 'shandong')).toMatchObject({
      heldUntil: heldEnd.toISOString(),
      newEndsAt: addMonths(heldEnd, 12).toISOString(),
    });
    expect(model.regions.find((r) => r.id === 'henan')!.heldUntil).toBeNull();

    const o = await submitOk(u.token, VEG, ['shandong', 'henan']);
    const before = Date.now();
    expect(await postNotify('sandbox', sandboxFields(o))).toEqual({ status: 200, text: 'success' });
    const [henan, shandong] = await auths(u.phone);
    expect(Date.parse(shandong!.endsAt)).toBe(addMonths(heldEnd, 12).getTime());
    expect(Date.parse(shandong!.startsAt)).toBeLessThan(before - 200 * DAY); // still the original start
    expect(Date.parse(henan!.endsAt)).toBeGreaterThanOrEqual(addMonths(before, 12).getTime() - 1000);
    expect(Date.parse(henan!.startsAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a bad signature or a wrong amount changes nothing', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const u = await registerUser();
    const o = await submitOk(u.token, VEG, ['beijing', 'henan']);
    const good = sandboxFields(o);
    expect(await postNotify('sandbox', { ...good, sign: tamper(good.sign!) })).toEqual({
      status: 400,
      text: 'fail',
    });
    expect(await postNotify('sandbox', { ...good, amount_fen: String(VEG_FEN) })).toEqual({
      status: 400,
      text: 'fail',
    }); // tampered after signing
    expect(await postNotify('sandbox', sandboxFields(o, { amount_fen: String(VEG_FEN) }))).toEqual({
      status: 200,
      text: 'success',
    }); // signed, one region's price
    expect(await auths(u.phone)).toEqual([]);
    expect(await paymentRows(o.id)).toHaveLength(0);
    expect(await ok('QueryDataProductOrderModelById', { token: u.token, query: { orderId: o.id } })).toMatchObject({
      status: 'pending',
      paidAt: null,
    });
  });
});

describe('ownership', () => {
  it("another user's order id or trade code answers not found on every order call, and lists hold only one's own orders", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const o = await submitOk(owner.token, VEG, ['henan']);
    const notFound = { code: 404, msg: 'order not found' };
    expect(
      (await call('QueryDataProductOrderModelById', { token: other.token, query: { orderId: o.id } })).body,
    ).toMatchObject(notFound);
    expect(
      (await call('QueryDataProductPayModelById', { token: other.token, query: { orderId: o.id } })).body,
    ).toMatchObject(notFound);
    expect(
      (await call('PayDataProductOrderPC', { token: other.token, query: { trandeCode: o.tradeCode } })).body,
    ).toMatchObject(notFound);
    const theirs = await ok('QueryUserProductDataOrderForPageList', {
      token: other.token,
      body: { pageIndex: 1, pageSize: 10 },
    });
    expect(theirs).toMatchObject({ list: [], total: 0 });
    const mine = await ok('QueryUserProductDataOrderForPageList', {
      token: owner.token,
      body: { pageIndex: 1, pageSize: 10 },
    });
    expect(mine.list.map((x) => x.id)).toEqual([o.id]);
    // The owner's pay model carries the pay URL while the order is pending.
    const model = await ok('QueryDataProductPayModelById', {
      token: owner.token,
      query: { orderId: o.id },
    });
    expect(model).toMatchObject({
      orderId: o.id,
      order: { id: o.id, status: 'pending' },
      pay: { tradeCode: o.tradeCode, amountFen: VEG_FEN },
    });

    // Orders of one kind are not reachable through the other kind's calls.
    const L = await levels();
    const member = await buy(owner.token, L.silver!.id, 1);
    expect(
      (await call('QueryDataProductOrderModelById', { token: owner.token, query: { orderId: member.id } })).body,
    ).toMatchObject(notFound);
    expect((await call('QueryMemberOrderById', { token: owner.token, query: { orderId: o.id } })).body).toMatchObject(
      notFound,
    );
    expect(
      (await call('PayDataProductOrderPC', { token: owner.token, query: { trandeCode: member.tradeCode } })).body,
    ).toMatchObject(notFound);
    expect(
      (await call('QueryDataProductOrderModelById', { token: owner.token, query: { orderId: 'not-a-uuid' } })).body,
    ).toMatchObject(notFound);
    expect((await call('QueryDataProductOrderModelById', { query: { orderId: o.id } })).status).toBe(401);
  });
});

// docs/commerce.md: the notify core (verify, lock, check, one transaction), order
// expiry with an injected clock, the sandbox gateway, and Alipay's RSA2 notify.
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createSign, generateKeyPairSync } from 'node:crypto';
import type { MemberLevelDTO, OrderDTO } from '@/lib/api/schemas/commerce';
import { resetEnvCache } from '@/lib/server/env';
import { call, ok } from '../support/api-client';
import { MINUTE, fakeClock } from '../support/clock';
import {
  buy,
  levels,
  payInfo,
  postNotify,
  gatewayToken,
  pressOnGateway,
  registerUser,
  sandboxFields,
  seedCatalogue,
  snapshot,
} from '../support/commerce';
import { tamper } from '../support/tamper';

let L: Record<string, MemberLevelDTO>;
let clock: ReturnType<typeof fakeClock> | undefined;
beforeAll(async () => {
  await seedCatalogue();
  L = await levels();
});
afterEach(() => {
  clock?.restore();
  clock = undefined;
  jest.restoreAllMocks();
});

/** A fresh user's pending Silver order for 1 month, with its pay info requested. */
async function pendingOrder(months: 1 | 3 | 12 = 1) {
  const u = await registerUser();
  const order = await buy(u.token, L.silver!.id, months);
  const pay = await payInfo(u.token, order.tradeCode);
  return { ...u, order, pay };
}

const quiet = () => jest.spyOn(console, 'warn').mockImplementation(() => {});

describe('sandbox notify', () => {
  it('PayMemberOrderPC answers the gateway URL as pay URL and QR content, with amount and expiry', async () => {
    const { order, pay } = await pendingOrder(3);
    expect(pay).toEqual({
      orderId: order.id,
      tradeCode: order.tradeCode,
      orderNo: order.orderNo,
      provider: 'sandbox',
      status: 'pending',
      amountFen: 9900,
      // The buyer's link returns to the portal once paid (r=1); the QR code, scanned elsewhere, does not.
      payUrl: expect.stringMatching(new RegExp(`^/pay/sandbox/${order.tradeCode}\\?t=\\d+\\.[\\w-]{43}&r=1$`)),
      qrContent: `http://localhost:3000${pay.payUrl.replace(/&r=1$/, '')}`,
      expiresAt: order.expiresAt,
    });
  });

  it('answers a same-site pay link wherever the site is served; only the QR code names SITE_URL', async () => {
    const saved = process.env.SITE_URL;
    process.env.SITE_URL = 'https://prices.example.org';
    resetEnvCache();
    try {
      const { order, pay } = await pendingOrder();
      // A path, whatever host the request came in on: no scheme, no host, no port.
      expect(pay.payUrl).toMatch(new RegExp(`^/pay/sandbox/${order.tradeCode}\\?t=[^/]+$`));
      expect(new URL(pay.payUrl, 'http://other-host:4321').origin).toBe('http://other-host:4321');
      // A phone scans the QR code, so it needs the public origin: the configured one, never localhost.
      expect(pay.qrContent).toBe(`https://prices.example.org${pay.payUrl.replace(/&r=1$/, '')}`);
    } finally {
      if (saved === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = saved;
      resetEnvCache();
    }
  });

  it('50 concurrent identical notifies make one payment row and one grant', async () => {
    const { token, order } = await pendingOrder();
    const fields = sandboxFields(order);
    const replies = await Promise.all(Array.from({ length: 50 }, () => postNotify('sandbox', fields)));
    expect(new Set(replies.map((r) => `${r.status} ${r.text}`))).toEqual(new Set(['200 success']));
    const s = await snapshot(order.tradeCode);
    expect(s).toMatchObject({ status: 'paid', payments: 1 });
    expect(s.memberships).toHaveLength(1);
    expect(s.memberships[0]!.levelId).toBe(L.silver!.id);
    const paid = await ok('QueryMemberOrderById', { token, query: { orderId: order.id } });
    expect(paid).toMatchObject({
      status: 'paid',
      payment: { provider: 'sandbox', providerTxnId: fields.txn_id, amountFen: 3900 },
    });
    // Once paid, the order cannot be paid again.
    expect((await call('PayMemberOrderPC', { token, query: { trandeCode: order.tradeCode } })).body).toMatchObject({
      code: 409,
      msg: 'This order has already been paid.',
    });
  });

  it('a bad signature, a wrong amount, an unknown trade code or another merchant change nothing', async () => {
    const warn = quiet();
    const { order } = await pendingOrder();
    const before = await snapshot(order.tradeCode);
    expect(before).toMatchObject({ status: 'pending', payments: 0, memberships: [] });

    const good = sandboxFields(order);
    expect(await postNotify('sandbox', { ...good, sign: tamper(good.sign!) })).toEqual({
      status: 400,
      text: 'fail',
    });
    expect(await postNotify('sandbox', { ...good, amount_fen: '1' })).toEqual({ status: 400, text: 'fail' }); // tampered after signing
    expect(await postNotify('sandbox', sandboxFields(order, { amount_fen: '3800' }))).toEqual({
      status: 200,
      text: 'success',
    }); // signed, wrong amount
    expect(
      await postNotify('sandbox', sandboxFields({ tradeCode: 'YN20300101' + 'f'.repeat(32), amountFen: 3900 })),
    ).toEqual({ status: 200, text: 'success' });
    expect(await postNotify('sandbox', sandboxFields(order, { merchant: 'someone-else' }))).toEqual({
      status: 200,
      text: 'success',
    });
    expect(await snapshot(order.tradeCode)).toEqual(before);
    const logged = warn.mock.calls.map((c) => String(c[0]));
    expect(logged.some((l) => l.includes('bad signature'))).toBe(true);
    expect(logged.some((l) => l.includes('amount 3800 fen, order is 3900 fen'))).toBe(true);
    expect(logged.some((l) => l.includes('unknown trade code'))).toBe(true);
    expect(logged.some((l) => l.includes('merchant someone-else is not ours'))).toBe(true);

    // The genuine notify still goes through afterwards.
    expect(await postNotify('sandbox', good)).toEqual({ status: 200, text: 'success' });
    expect(await snapshot(order.tradeCode)).toMatchObject({ status: 'paid', payments: 1 });
  });

  it('a second, different transaction for a paid order changes nothing', async () => {
    quiet();
    const { order } = await pendingOrder();
    await postNotify('sandbox', sandboxFields(order, { txn_id: 'first' }));
    const paid = await snapshot(order.tradeCode);
    expect(await postNotify('sandbox', sandboxFields(order, { txn_id: 'second' }))).toEqual({
      status: 200,
      text: 'success',
    });
    expect(await snapshot(order.tradeCode)).toEqual(paid);
  });

  it('the gateway page pays through a signed notify, and Cancel closes the order', async () => {
    const a = await pendingOrder();
    const t = gatewayToken(a.pay.payUrl);
    expect(await pressOnGateway(a.order.tradeCode, 'pay', t)).toEqual({
      status: 303,
      location: `/pay/sandbox/${a.order.tradeCode}?t=${encodeURIComponent(t)}`,
    });
    expect(await snapshot(a.order.tradeCode)).toMatchObject({ status: 'paid', payments: 1 });
    const member = await ok('QueryUserMemberByUserId', { token: a.token });
    expect(member?.levelCode).toBe('silver');

    const b = await pendingOrder();
    await pressOnGateway(b.order.tradeCode, 'cancel', gatewayToken(b.pay.payUrl));
    const closed = await ok('QueryMemberOrderById', { token: b.token, query: { orderId: b.order.id } });
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'cancelled', payment: null });
    await pressOnGateway(b.order.tradeCode, 'pay', gatewayToken(b.pay.payUrl));
    expect(await snapshot(b.order.tradeCode)).toMatchObject({ status: 'closed', payments: 0, memberships: [] });
  });

  it('sends a buyer who came from a portal page back to the order’s result, paid or cancelled', async () => {
    const a = await pendingOrder();
    const t = gatewayToken(a.pay.payUrl);
    expect(await pressOnGateway(a.order.tradeCode, 'pay', t, { r: '1' })).toEqual({
      status: 303,
      location: `/equitiesCentre/orderResult?kind=member&id=${a.order.id}`,
    });
    expect(await snapshot(a.order.tradeCode)).toMatchObject({ status: 'paid', payments: 1 });
    // Cancelled: back to the result too, which says the order is closed.
    const b = await pendingOrder();
    expect(await pressOnGateway(b.order.tradeCode, 'cancel', gatewayToken(b.pay.payUrl), { r: '1' })).toEqual({
      status: 303,
      location: `/equitiesCentre/orderResult?kind=member&id=${b.order.id}`,
    });
    // Scanned from the QR code (no r=1): the gateway page again, which says it is paid.
    const c = await pendingOrder();
    const qr = await pressOnGateway(c.order.tradeCode, 'pay', gatewayToken(c.pay.qrContent));
    expect(qr.location).toMatch(new RegExp(`^/pay/sandbox/${c.order.tradeCode}\\?t=[^&]+$`));
    expect(await snapshot(c.order.tradeCode)).toMatchObject({ status: 'paid', payments: 1 });
    // Nothing done (another order's token): the gateway page again, never the portal.
    const d = await pendingOrder();
    const r = await pressOnGateway(d.order.tradeCode, 'pay', t, { r: '1' });
    expect(r.location).toMatch(new RegExp(`^/pay/sandbox/${d.order.tradeCode}\\?`));
    expect(await snapshot(d.order.tradeCode)).toMatchObject({ status: 'pending', payments: 0 });
  });

  it("knowing a trade code is not enough to pay or cancel someone's order, nor to see it", async () => {
    const victim = await pendingOrder();
    const other = await pendingOrder();
    const before = await snapshot(victim.order.tradeCode);
    const forged = [
      null,
      '',
      '9999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      // A genuine token of another order.
      gatewayToken(other.pay.payUrl),
    ];
    for (const t of forged) {
      for (const action of ['pay', 'cancel'] as const) {
        const r = await pressOnGateway(victim.order.tradeCode, action, t);
        expect(r).toMatchObject({ status: 303 });
      }
    }
    expect(await snapshot(victim.order.tradeCode)).toEqual(before);
    // The owner's own token still works.
    await pressOnGateway(victim.order.tradeCode, 'pay', gatewayToken(victim.pay.payUrl));
    expect(await snapshot(victim.order.tradeCode)).toMatchObject({ status: 'paid', payments: 1 });
  });
});

describe('expiry (clock injected)', () => {
  it('an unpaid order is closed after 30 minutes and cannot be paid on the sandbox page', async () => {
    clock = fakeClock(Date.now());
    const { token, order, pay } = await pendingOrder();
    clock.advance(30 * MINUTE - 1000);
    expect((await ok('QueryMemberOrderById', { token, query: { orderId: order.id } })).status).toBe('pending');
    clock.advance(1000);
    const closed = await ok('QueryMemberOrderById', { token, query: { orderId: order.id } });
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'expired', closedAt: order.expiresAt });
    expect((await call('PayMemberOrderPC', { token, query: { trandeCode: order.tradeCode } })).body).toMatchObject({
      code: 409,
      msg: 'This order was closed because it was not paid within 30 minutes; please place a new order.',
    });
    expect(await pressOnGateway(order.tradeCode, 'pay', gatewayToken(pay.payUrl))).toMatchObject({ status: 303 });
    expect(await snapshot(order.tradeCode)).toMatchObject({ status: 'closed', payments: 0, memberships: [] });
    // A new identical buy makes a new order: the closed one is not reused.
    const again = await buy(token, L.silver!.id, 1);
    expect(again.id).not.toBe(order.id);
    expect(again.status).toBe('pending');
  });

  it('a payment made in time still counts when its notify arrives after the close; one made too late does not', async () => {
    quiet();
    clock = fakeClock(Date.now());
    const inTime = await pendingOrder();
    const late = await pendingOrder();
    const paidAt = new Date(clock.now() + 29 * MINUTE).toISOString();
    clock.advance(45 * MINUTE);
    await ok('QueryMemberOrderById', { token: inTime.token, query: { orderId: inTime.order.id } }); // closes both lazily
    await postNotify('sandbox', sandboxFields(inTime.order, { paid_at: paidAt }));
    expect(await snapshot(inTime.order.tradeCode)).toMatchObject({ status: 'paid', payments: 1 });
    await postNotify('sandbox', sandboxFields(late.order, { paid_at: new Date(clock.now()).toISOString() }));
    expect(await snapshot(late.order.tradeCode)).toMatchObject({ status: 'closed', payments: 0, memberships: [] });
  });
});

describe('alipay', () => {
  // Two key pairs made here: ours (signs requests) and "Alipay's" (signs notifies).
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = (k: typeof merchant.privateKey) =>
    k.export({ format: 'der', type: k.type === 'private' ? 'pkcs8' : 'spki' }).toString('base64');
  const APP_ID = '2021000000000001';

  function useAlipay() {
    const saved = { ...process.env };
    Object.assign(process.env, {
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: APP_ID,
      // As Alipay's console gives them: bare base64 (ours PKCS#8), and Alipay's public key as PEM.
      ALIPAY_PRIVATE_KEY: der(merchant.privateKey),
      ALIPAY_PUBLIC_KEY: alipay.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    });
    resetEnvCache();
    return () => {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
      resetEnvCache();
    };
  }

  /** Signs notify fields the way Alipay does: sorted k=v joined by &, sign excluded, RSA-SHA256, base64. */
  function alipaySigned(fields: Record<string, string>): Record<string, string> {
    const content = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    return { ...fields, sign: createSign('RSA-SHA256').update(content, 'utf8').sign(alipay.privateKey, 'base64') };
  }

  const notifyFor = (o: OrderDTO, over: Record<string, string> = {}) =>
    alipaySigned({
      app_id: APP_ID,
      charset: 'utf-8',
      gmt_payment: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
      notify_id: `n-${o.tradeCode}`,
      notify_time: '2030-01-01 12:00:00',
      notify_type: 'trade_status_sync',
      out_trade_no: o.tradeCode,
      sign_type: 'RSA2',
      subject: o.titleZh,
      total_amount: (o.amountFen / 100).toFixed(2),
      trade_no: `2030${o.tradeCode.slice(-16)}`,
      trade_status: 'TRADE_SUCCESS',
      version: '1.0',
      ...over,
    });

  it('page pay: a signed alipay.trade.page.pay URL for the order amount, subject and expiry', async () => {
    const restore = useAlipay();
    try {
      const u = await registerUser();
      const order = await buy(u.token, L.gold!.id, 1);
      const pay = await payInfo(u.token, order.tradeCode);
      expect(pay.provider).toBe('alipay');
      const url = new URL(pay.payUrl);
      expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
      expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
      expect(url.searchParams.get('app_id')).toBe(APP_ID);
      expect(url.searchParams.get('sign_type')).toBe('RSA2');
      expect(url.searchParams.get('notify_url')).toBe('http://localhost:3000/api/pay/notify/alipay');
      const biz = JSON.parse(url.searchParams.get('biz_content')!);
      expect(biz).toMatchObject({
        out_trade_no: order.tradeCode,
        total_amount: '79.00',
        product_code: 'FAST_INSTANT_TRADE_PAY',
        subject: '黄金会员 1个月',
      });
      // The signature verifies with our public key over the sorted parameters.
      const params = Object.fromEntries(url.searchParams);
      const { sign, ...rest } = params;
      const content = Object.keys(rest)
        .sort()
        .map((k) => `${k}=${rest[k]}`)
        .join('&');
      const { createVerify } = await import('node:crypto');
      expect(createVerify('RSA-SHA256').update(content, 'utf8').verify(merchant.publicKey, sign!, 'base64')).toBe(true);
    } finally {
      restore();
    }
  });

  it('a notify signed with Alipay’s key settles the order and is answered `success`; a tampered field is rejected', async () => {
    const restore = useAlipay();
    const warn = quiet();
    try {
      const u = await registerUser();
      const order = await buy(u.token, L.silver!.id, 12);
      await payInfo(u.token, order.tradeCode);
      const fields = notifyFor(order);

      expect(await postNotify('alipay', { ...fields, total_amount: '0.01' })).toEqual({ status: 400, text: 'fail' });
      expect(
        await postNotify('alipay', {
          ...fields,
          out_trade_no: order.tradeCode.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        }),
      ).toEqual({ status: 400, text: 'fail' });
      const forged = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const content = Object.keys(fields)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}=${fields[k as keyof typeof fields]}`)
        .join('&');
      expect(
        await postNotify('alipay', {
          ...fields,
          sign: createSign('RSA-SHA256').update(content).sign(forged.privateKey, 'base64'),
        }),
      ).toEqual({ status: 400, text: 'fail' });
      expect(await snapshot(order.tradeCode)).toMatchObject({ status: 'pending', payments: 0, memberships: [] });
      expect(warn).toHaveBeenCalled();

      expect(await postNotify('alipay', fields)).toEqual({ status: 200, text: 'success' });
      expect(await postNotify('alipay', fields)).toEqual({ status: 200, text: 'success' }); // Alipay re-sends
      const s = await snapshot(order.tradeCode);
      expect(s).toMatchObject({ status: 'paid', payments: 1 });
      expect(s.memberships).toHaveLength(1);
      const paid = await ok('QueryMemberOrderById', { token: u.token, query: { orderId: order.id } });
      expect(paid.payment).toMatchObject({ provider: 'alipay', providerTxnId: fields.trade_no, amountFen: 29900 });

      // While Alipay is the provider, the sandbox endpoint and gateway do not exist.
      expect((await postNotify('sandbox', sandboxFields(order))).status).toBe(404);
    } finally {
      restore();
    }
  });

  it('start-up names the missing or malformed Alipay variables', () => {
    const restore = useAlipay();
    try {
      process.env.ALIPAY_PRIVATE_KEY = 'not a key';
      delete process.env.ALIPAY_APP_ID;
      resetEnvCache();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { env } = require('@/lib/server/env') as typeof import('@/lib/server/env');
      expect(() => env()).toThrow(
        /ALIPAY_APP_ID: is required when PAYMENT_PROVIDER=alipay[\s\S]*ALIPAY_PRIVATE_KEY: is not an RSA private key/,
      );
    } finally {
      restore();
    }
  });
});

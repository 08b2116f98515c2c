// A refund through Alipay (docs/commerce.md "Refunds"): alipay.trade.refund of alipay-sdk, signed
// with the merchant's key (checked here) and its answer signed with Alipay's (checked by the SDK).
// Alipay is a small HTTP server on loopback, as in commerce-reconcile.test.ts: the trade is paid
// through alipay.trade.query, then refunded; a refusal leaves the order paid and its grant in place.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import { resetCircuits } from '@/lib/server/adapters/circuit';
import { resetEnvCache } from '@/lib/server/env';
import { newStaff } from '../support/accounts';
import { call, ok } from '../support/api-client';
import { buy, levels, payInfo, registerUser, seedCatalogue } from '../support/commerce';

const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = keys();
const alipay = keys();

const paid = new Map<string, string>();
/** out_request_no → refund_amount: what Alipay has given back. */
const refunded = new Map<string, string>();
const requests: { method: string; biz: Record<string, string>; signed: boolean }[] = [];
let refuse = false;
let gateway: Server;
const saved = { ...process.env };
let L: Record<string, MemberLevelDTO>;

function signed(key: string, inner: Record<string, string>) {
  const json = JSON.stringify(inner);
  return `{"${key}":${json},"sign":"${createSign('RSA-SHA256').update(json, 'utf8').sign(alipay.privateKey, 'base64')}"}`;
}

/** Whether the request carries the merchant's RSA2 signature over its sorted parameters. */
function merchantSigned(params: URLSearchParams) {
  const all = [...params.entries()].filter(([k]) => k !== 'sign');
  all.sort(([a], [b]) => (a < b ? -1 : 1));
  const text = all.map(([k, v]) => `${k}=${v}`).join('&');
  return createVerify('RSA-SHA256')
    .update(text, 'utf8')
    .verify(merchant.publicKey, params.get('sign') ?? '', 'base64');
}

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const params = new URLSearchParams(new URL(req.url!, 'http://x').search);
      for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
      const method = params.get('method') ?? '';
      const biz = JSON.parse(params.get('biz_content') ?? '{}') as Record<string, string>;
      requests.push({ method, biz, signed: merchantSigned(params) });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (method === 'alipay.trade.query') {
        const amount = paid.get(biz.out_trade_no!);
        return void res.end(
          signed('alipay_trade_query_response', {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no!,
            trade_no: `2030${biz.out_trade_no!.slice(-16)}`,
            trade_status: amount ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
            total_amount: amount ?? '0.01',
            send_pay_date: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
          }),
        );
      }
      if (refuse)
        return void res.end(
          signed('alipay_trade_refund_response', {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_STATUS_ERROR',
            sub_msg: 'trade status error',
          }),
        );
      const again = refunded.has(biz.out_request_no!);
      refunded.set(biz.out_request_no!, biz.refund_amount!);
      res.end(
        signed('alipay_trade_refund_response', {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no!,
          trade_no: biz.trade_no!,
          buyer_logon_id: 'bu***@example.com',
          fund_change: again ? 'N' : 'Y',
          refund_fee: biz.refund_amount!,
          gmt_refund_pay: '2030-01-01 12:00:00',
        }),
      );
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  Object.assign(process.env, {
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY: merchant.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    ALIPAY_GATEWAY: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/gateway.do`,
    PROVIDER_TIMEOUT_MS: '2000',
  });
  resetEnvCache();
  resetCircuits();
  await seedCatalogue();
  L = await levels();
});

afterAll(async () => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetEnvCache();
  resetCircuits();
  gateway.closeAllConnections();
  await new Promise((r) => gateway.close(r));
});

/** A Silver order paid on Alipay, settled through alipay.trade.query (the pay modal's poll). */
async function paidOnAlipay() {
  const c = await registerUser();
  const order = await buy(c.token, L.silver!.id, 1);
  paid.set(order.tradeCode, (order.amountFen / 100).toFixed(2));
  await payInfo(c.token, order.tradeCode);
  expect((await ok('QueryMemberOrderById', { token: c.token, query: { orderId: order.id } })).status).toBe('paid');
  return { c, order };
}

describe('refunding an order paid on Alipay', () => {
  it('asks alipay.trade.refund, signed, for the whole amount under the order’s refund number; the membership ends', async () => {
    const support = await newStaff(['support']);
    const { c, order } = await paidOnAlipay();
    const r = await ok('ConsoleRefundOrder', {
      token: support.token,
      body: { orderId: order.id, reason: 'Charged for the wrong level' },
    });
    expect(r).toMatchObject({
      order: { status: 'refunded' },
      refund: { provider: 'alipay', amountFen: order.amountFen, providerRefundId: expect.stringContaining('/RF-') },
    });
    const asked = requests.filter((q) => q.method === 'alipay.trade.refund');
    expect(asked).toEqual([
      {
        method: 'alipay.trade.refund',
        signed: true,
        biz: expect.objectContaining({
          out_trade_no: order.tradeCode,
          refund_amount: (order.amountFen / 100).toFixed(2),
          out_request_no: `RF-${order.orderNo}`,
          refund_reason: 'Charged for the wrong level',
        }),
      },
    ]);
    expect(await ok('QueryUserMemberByUserId', { token: c.token })).toBeNull();
    // Refunded: asked again, nothing goes to Alipay.
    await ok('ConsoleRefundOrder', { token: support.token, body: { orderId: order.id, reason: 'Pressed again' } });
    expect(requests.filter((q) => q.method === 'alipay.trade.refund')).toHaveLength(1);
  });

  it('keeps the order paid and its membership when Alipay refuses, with Alipay’s reason', async () => {
    const support = await newStaff(['support']);
    const { c, order } = await paidOnAlipay();
    refuse = true;
    const r = await call('ConsoleRefundOrder', {
      token: support.token,
      body: { orderId: order.id, reason: 'Charged for the wrong level' },
    });
    refuse = false;
    expect(r.body).toMatchObject({
      code: 409,
      msg: 'The payment provider refused the refund: 40004 ACQ.TRADE_STATUS_ERROR trade status error',
    });
    expect(await ok('QueryUserMemberByUserId', { token: c.token })).toMatchObject({ levelCode: 'silver' });
    expect((await ok('ConsoleOrder', { token: support.token, body: { orderId: order.id } })).order.status).toBe('paid');
  });
});

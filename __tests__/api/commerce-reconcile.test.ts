// docs/reliability.md, "Payment provider slow or failing": the pay modal's poll asks Alipay how a
// pending trade stands (alipay.trade.query, answers signed with Alipay's key and checked), settles
// a payment whose notify never came — once — and, while Alipay fails, answers the order as it
// stands, opens the payment circuit and refuses new payments with code 503. Alipay here is a small
// HTTP server on loopback that signs its answers with a key this test made.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MemberLevelDTO } from '@/lib/api/schemas/commerce';
import { resetCircuits } from '@/lib/server/adapters/circuit';
import { resetEnvCache } from '@/lib/server/env';
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

let mode: 'ok' | 'error' = 'ok';
const trades = new Map<string, string>();
let queries = 0;
let gateway: Server;
const saved = { ...process.env };
let L: Record<string, MemberLevelDTO>;

function signed(inner: Record<string, string>) {
  const json = JSON.stringify(inner);
  return `{"alipay_trade_query_response":${json},"sign":"${createSign('RSA-SHA256').update(json, 'utf8').sign(alipay.privateKey, 'base64')}"}`;
}

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      queries++;
      if (mode === 'error') return void res.writeHead(502).end('bad gateway');
      const form = new URLSearchParams(body);
      const url = new URL(req.url!, 'http://x');
      const biz = JSON.parse(form.get('biz_content') ?? url.searchParams.get('biz_content') ?? '{}') as {
        out_trade_no: string;
      };
      const amount = trades.get(biz.out_trade_no);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        amount
          ? signed({
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              trade_no: `2030${biz.out_trade_no.slice(-16)}`,
              trade_status: 'TRADE_SUCCESS',
              total_amount: amount,
              send_pay_date: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
            })
          : signed({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: 'no trade' }),
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
    PROVIDER_BREAKER_FAILURES: '2',
    PROVIDER_BREAKER_COOLDOWN_MS: '60000',
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

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('asking Alipay about a pending order', () => {
  it('settles a paid trade whose notify never came, once; an unknown trade stays pending', async () => {
    const u = await registerUser();
    const order = await buy(u.token, L.silver!.id, 1);
    await payInfo(u.token, order.tradeCode);
    const poll = () => ok('QueryMemberOrderById', { token: u.token, query: { orderId: order.id } });
    expect((await poll()).status).toBe('pending');
    expect(queries).toBe(1);
    trades.set(order.tradeCode, (order.amountFen / 100).toFixed(2));
    // Asked at most every 2 s per order.
    expect((await poll()).status).toBe('pending');
    expect(queries).toBe(1);
    await wait(2100);
    expect((await poll()).status).toBe('paid');
    await wait(2100);
    expect((await poll()).status).toBe('paid');
    expect(queries).toBe(2);
    const list = await ok('QueryUserMemberOrderForPageList', { token: u.token, body: { pageIndex: 1, pageSize: 10 } });
    expect(list.list.filter((o) => o.status === 'paid')).toHaveLength(1);
  });

  it('while Alipay fails: polls answer the order as it stands, then the circuit opens and new payments get 503', async () => {
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    mode = 'error';
    const u = await registerUser();
    const order = await buy(u.token, L.silver!.id, 1);
    await payInfo(u.token, order.tradeCode);
    const before = queries;
    expect((await ok('QueryMemberOrderById', { token: u.token, query: { orderId: order.id } })).status).toBe('pending');
    await wait(2100);
    expect((await ok('QueryMemberOrderById', { token: u.token, query: { orderId: order.id } })).status).toBe('pending');
    expect(queries).toBe(before + 2);
    const refused = await call('PayMemberOrderPC', { token: u.token, query: { trandeCode: order.tradeCode } });
    expect(refused).toMatchObject({
      status: 503,
      body: { code: 503, msgKey: 'faults.paymentUnavailable', data: { retryAfterSeconds: expect.any(Number) } },
    });
    await wait(2100);
    expect((await ok('QueryMemberOrderById', { token: u.token, query: { orderId: order.id } })).status).toBe('pending');
    expect(queries).toBe(before + 2);
    mode = 'ok';
  });
});

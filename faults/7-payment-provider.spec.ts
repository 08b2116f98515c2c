// docs/reliability.md, "Payment provider slow or failing": Alipay (a fake gateway on loopback,
// signing its answers with an RSA key the test made, as Alipay does) answering the order query
// after the timeout, then with HTTP 502. The payer's polls still answer the order as it stands,
// within the timeout; after 3 failures in a row the circuit opens and a new payment is refused
// with code 503 and a message in both languages, nothing written; once the gateway is back the
// first poll after the cool-down learns the payment the lost notify never brought, and settles
// it once.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { renderMessage } from '../lib/i18n/server-messages';
import { serverZhCN } from '../lib/i18n/messages/server.zh-cn';
import {
  api,
  figure,
  logLines,
  metricsOf,
  PORTS,
  readState,
  sample,
  sleep,
  sql,
  startInstance,
  stopProcess,
  suiteEnv,
  uniquePhone,
  type Instance,
} from './support/suite';

const FAULT = 'payment provider slow or failing';
const TIMEOUT_MS = 1000;
const FAILURES = 3;
const COOLDOWN_MS = 3000;
const state = readState();

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pem();
const alipay = pem();

type Mode = 'ok' | 'slow' | 'error';
let mode: Mode = 'ok';
/** What the gateway says of each trade (out_trade_no → status, amount). */
const trades = new Map<string, { status: string; amount: string }>();
const queries: { tradeCode: string; at: number }[] = [];
let gateway: Server | null = null;
let inst: Instance | null = null;

/** Alipay's answer: the response object and its RSA2 signature over exactly its JSON text. */
function signed(inner: Record<string, string>): string {
  const json = JSON.stringify(inner);
  const sign = createSign('RSA-SHA256').update(json, 'utf8').sign(alipay.privateKey, 'base64');
  return `{"alipay_trade_query_response":${json},"sign":"${sign}"}`;
}

test.beforeAll(async () => {
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const url = new URL(req.url!, 'http://x');
      const method = form.get('method') ?? url.searchParams.get('method');
      const biz = JSON.parse(form.get('biz_content') ?? url.searchParams.get('biz_content') ?? '{}') as {
        out_trade_no?: string;
      };
      const tradeCode = biz.out_trade_no ?? '';
      queries.push({ tradeCode, at: performance.now() });
      if (mode === 'slow') return void setTimeout(() => res.writeHead(200).end('{}'), TIMEOUT_MS * 3).unref();
      if (mode === 'error') return void res.writeHead(502).end('bad gateway');
      const t = trades.get(tradeCode);
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      if (method !== 'alipay.trade.query' || !t)
        return void res.end(
          signed({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }),
        );
      res.end(
        signed({
          code: '10000',
          msg: 'Success',
          out_trade_no: tradeCode,
          trade_no: `2026${tradeCode.slice(-12)}`,
          trade_status: t.status,
          total_amount: t.amount,
          ...(t.status === 'TRADE_SUCCESS' ? { send_pay_date: '2026-01-01 12:00:00' } : {}),
        }),
      );
    });
  });
  await new Promise<void>((r) => gateway!.listen(PORTS.pay, '127.0.0.1', r));
  inst = await startInstance(
    'alipay',
    PORTS.c,
    suiteEnv(state, {
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: merchant.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_GATEWAY: `http://127.0.0.1:${PORTS.pay}/gateway.do`,
      PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
      PROVIDER_BREAKER_FAILURES: String(FAILURES),
      PROVIDER_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
    }),
  );
});

test.afterAll(async () => {
  if (inst) await stopProcess(inst.pid, 'SIGTERM');
  gateway?.closeAllConnections();
  await new Promise((r) => gateway?.close(r));
});

type Order = { id: string; tradeCode: string; amountFen: number; status: string };

test('Alipay slow, then failing: polls still answer, the circuit opens and refuses new payments, and a lost notify is made good', async () => {
  test.setTimeout(120_000);
  // A new customer (the outbox shows the code: DEMO_MODE).
  const phone = uniquePhone();
  await api(inst!, 'SendValidateCode', { query: { phone } });
  const texts = (await (await fetch(`${inst!.url}/api/dev/sms?phone=${phone}`)).json()) as { data: { code: string }[] };
  const token = (
    await api<{ token: string }>(inst!, 'UserRegist', {
      body: { phone, code: texts.data[0]!.code, password: 'Faults12345' },
    })
  ).body.data!.token;
  const levels = (await api<{ id: string; code: string }[]>(inst!, 'QueryMemberList')).body.data!;
  const buy = async (code: string, months: number) =>
    (
      await api<Order>(inst!, 'UserBuyMemberLevel', {
        token,
        body: { memberId: levels.find((l) => l.code === code)!.id, months },
      })
    ).body.data!;
  const poll = (o: Order) => api<Order>(inst!, 'QueryMemberOrderById', { token, query: { orderId: o.id } });
  const pay = (o: Order) =>
    api<{ payUrl: string }>(inst!, 'PayMemberOrderPC', { token, query: { trandeCode: o.tradeCode } });
  const rowOf = async (o: Order) =>
    (
      await sql<{ status: string; provider: string | null; payments: string }>(
        state.databaseUrl,
        'select status, provider, (select count(*) from payments p where p.order_id = o.id) payments from orders o where id = $1',
        [o.id],
      )
    )[0]!;

  // Working: the pay URL goes to the gateway; a poll asks it how the trade stands.
  const order = await buy('gold', 1);
  const started = await pay(order);
  expect(started.body.code, JSON.stringify(started.body)).toBe(1);
  expect(started.body.data!.payUrl).toContain(`127.0.0.1:${PORTS.pay}/gateway.do`);
  trades.set(order.tradeCode, { status: 'WAIT_BUYER_PAY', amount: (order.amountFen / 100).toFixed(2) });
  const first = await poll(order);
  expect(first.body.data!.status).toBe('pending');
  expect(queries.some((q) => q.tradeCode === order.tradeCode)).toBe(true);

  // Slow, then failing: each poll answers the order as it stands, within the timeout.
  mode = 'slow';
  const slow: number[] = [];
  for (let i = 0; i < 2; i++) {
    await sleep(2100); // the order is asked about at most every 2 s
    const r = await poll(order);
    expect(r.body).toMatchObject({ code: 1, data: { status: 'pending' } });
    slow.push(r.ms);
  }
  figure(
    FAULT,
    `gateway slower than the ${TIMEOUT_MS} ms timeout: poll answered (pending) in (ms)`,
    slow.join(', '),
    `≈ ${TIMEOUT_MS}`,
  );
  for (const ms of slow) expect(ms).toBeLessThan(TIMEOUT_MS + 1500);
  mode = 'error';
  await sleep(2100);
  const failing = await poll(order);
  expect(failing.body.data!.status).toBe('pending');
  figure(FAULT, 'gateway answering 502: poll answered (pending) in (ms)', failing.ms);
  expect(sample(await metricsOf(inst!), 'portal_circuit_open', { circuit: 'payment' })).toBe(1);

  // Open: a new payment is refused at once with a clear message, and nothing of it is written.
  const second = await buy('platinum', 1);
  const asked = queries.length;
  const refused = await pay(second);
  figure(
    FAULT,
    'circuit open: new payment answered',
    `HTTP ${refused.status}, code ${refused.body.code}, in ${refused.ms} ms`,
    '503 at once',
  );
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(refused.body).toMatchObject({
    code: 503,
    msg: 'The payment service is not answering; nothing was charged. Please try again in a few minutes.',
    msgKey: 'faults.paymentUnavailable',
  });
  expect(renderMessage({ key: 'faults.paymentUnavailable' }, 'zh-CN', serverZhCN)).toBe(
    '支付服务暂时无响应，未产生任何扣款，请几分钟后再试。',
  );
  expect(await rowOf(second)).toEqual({ status: 'pending', provider: null, payments: '0' });
  await sleep(2100);
  const openPoll = await poll(order);
  expect(openPoll.body.data!.status).toBe('pending');
  expect(openPoll.ms).toBeLessThan(500);
  expect(queries.length).toBe(asked);

  // The payer paid meanwhile and the notify was lost; the gateway is back. After the cool-down the
  // next poll asks, learns it, and settles the order — once.
  mode = 'ok';
  trades.set(order.tradeCode, { status: 'TRADE_SUCCESS', amount: (order.amountFen / 100).toFixed(2) });
  const back = performance.now();
  await sleep(COOLDOWN_MS);
  const settled = await poll(order);
  expect(settled.body.data!.status).toBe('paid');
  figure(
    FAULT,
    `gateway back → lost payment settled by a poll (ms; cool-down ${COOLDOWN_MS})`,
    Math.round(performance.now() - back),
  );
  await sleep(2100);
  expect((await poll(order)).body.data!.status).toBe('paid');
  expect(await rowOf(order)).toMatchObject({ status: 'paid', payments: '1' });
  expect(sample(await metricsOf(inst!), 'portal_circuit_open', { circuit: 'payment' })).toBe(0);
  // Paying Gold closed the pending Platinum order, priced as a new membership (docs/pricing.md); a
  // new order — a Gold renewal now — starts its payment again once the circuit has closed.
  expect(await rowOf(second)).toMatchObject({ status: 'closed', payments: '0' });
  expect((await pay(await buy('gold', 1))).body.code).toBe(1);

  const lines = logLines(inst!);
  const faults = lines.filter((l) => l.msg === 'fault' && l.fault === 'payment_provider');
  const counted = sample(await metricsOf(inst!), 'portal_faults_total', { fault: 'payment_provider' });
  figure(FAULT, 'fault log lines / portal_faults_total{payment_provider}', `${faults.length} / ${counted}`, 'equal');
  expect(faults.length).toBe(counted);
  expect(faults.length).toBeGreaterThanOrEqual(4);
  expect(faults.find((f) => f.id === refused.headers.get('x-request-id'))).toBeDefined();
  expect(lines.filter((l) => l.msg === 'circuit open' && l.circuit === 'payment')).toHaveLength(1);
  expect(lines.filter((l) => l.msg === 'circuit closed' && l.circuit === 'payment')).toHaveLength(1);
});

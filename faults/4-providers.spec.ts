// docs/reliability.md, "Provider slow or failing": the SMS gateway (a fake one on loopback, driven by
// the test) answering after the timeout, then with HTTP 503. The caller gets code 503 with
// Retry-After and a message in both languages, no code is left behind for a text that was not
// sent, the circuit opens after 3 failures in a row (then refuses without calling the gateway)
// and closes again on the first success after its cool-down.
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
  stopInstance,
  suiteEnv,
  uniquePhone,
  type Instance,
} from './support/suite';

const FAULT = 'SMS gateway slow or failing';
const TIMEOUT_MS = 1000;
const FAILURES = 3;
const COOLDOWN_MS = 3000;
const state = readState();

type Mode = 'ok' | 'slow' | 'error';
let mode: Mode = 'ok';
const received: { phone: string; text: string; at: number }[] = [];
let gateway: Server | null = null;
let inst: Instance | null = null;

test.beforeAll(async () => {
  gateway = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const msg = JSON.parse(body || '{}') as { phone: string; text: string };
      received.push({ phone: msg.phone, text: msg.text, at: performance.now() });
      if (mode === 'slow') setTimeout(() => res.writeHead(200).end('{}'), TIMEOUT_MS * 3).unref();
      else if (mode === 'error') res.writeHead(503).end('{"error":"upstream"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => gateway!.listen(PORTS.sms, '127.0.0.1', r));
  inst = await startInstance(
    'sms',
    PORTS.c,
    suiteEnv(state, {
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: `http://127.0.0.1:${PORTS.sms}/send`,
      SMS_GATEWAY_TOKEN: 'faults-only-gateway-token',
      PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
      PROVIDER_BREAKER_FAILURES: String(FAILURES),
      PROVIDER_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
    }),
  );
});

test.afterAll(async () => {
  if (inst) await stopInstance(inst);
  gateway?.closeAllConnections();
  await new Promise((r) => gateway?.close(r));
});

const codesOf = async (phone: string) =>
  Number(
    (await sql<{ n: string }>(state.databaseUrl, 'select count(*) n from sms_codes where phone = $1', [phone]))[0]!.n,
  );

async function send(phone: string) {
  const before = received.length;
  const r = await api(inst!, 'SendValidateCode', { query: { phone } });
  return { ...r, reachedGateway: received.slice(before).some((m) => m.phone === phone), codes: await codesOf(phone) };
}

test('the SMS gateway slow, then failing: 503 in both languages, no code left behind, the circuit opens and closes', async () => {
  // Working: the text goes out and its code is kept.
  const good = await send(uniquePhone());
  expect(good.body.code).toBe(1);
  expect(good.reachedGateway).toBe(true);
  expect(good.codes).toBe(1);

  const refused = (r: Awaited<ReturnType<typeof send>>) => {
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(r.body).toMatchObject({
      code: 503,
      msg: 'Text messages cannot be sent right now, so no code was issued. Please try again in a few minutes.',
      msgKey: 'faults.smsUnavailable',
    });
    // What a Chinese page shows for it (lib/api/request-error.ts renders msgKey in the page's language).
    expect(renderMessage({ key: 'faults.smsUnavailable' }, 'zh-CN', serverZhCN)).toBe(
      '短信暂时无法发送，验证码未发出，请几分钟后再试。',
    );
    // Nothing half-made: no code stored for a text that did not go out.
    expect(r.codes).toBe(0);
  };

  // Slow: each call waits for the timeout, no longer.
  mode = 'slow';
  const slow = [await send(uniquePhone()), await send(uniquePhone())];
  for (const r of slow) {
    refused(r);
    expect(r.reachedGateway).toBe(true);
    expect(r.ms).toBeLessThan(TIMEOUT_MS + 1500);
  }
  figure(
    FAULT,
    `gateway slower than the ${TIMEOUT_MS} ms timeout: answered 503 in (ms)`,
    slow.map((r) => r.ms).join(', '),
    `≈ ${TIMEOUT_MS}`,
  );

  // Failing with 5xx: the third failure in a row opens the circuit.
  mode = 'error';
  const failing = await send(uniquePhone());
  refused(failing);
  expect(failing.reachedGateway).toBe(true);
  figure(FAULT, 'gateway answering 503: answered 503 in (ms)', failing.ms);
  const m1 = await metricsOf(inst!);
  expect(sample(m1, 'portal_circuit_open', { circuit: 'sms' })).toBe(1);

  // Open: refused at once, the gateway is not called.
  const open = [await send(uniquePhone()), await send(uniquePhone())];
  for (const r of open) {
    refused(r);
    expect(r.reachedGateway).toBe(false);
    expect(r.ms).toBeLessThan(500);
  }
  figure(
    FAULT,
    `circuit open after ${FAILURES} failures: answered 503 without calling the gateway in (ms)`,
    open.map((r) => r.ms).join(', '),
    'at once',
  );

  // The gateway recovers; after the cool-down the first call goes through and closes the circuit.
  mode = 'ok';
  const recovered = performance.now();
  await sleep(COOLDOWN_MS);
  const back = await send(uniquePhone());
  expect(back.body.code).toBe(1);
  expect(back.reachedGateway).toBe(true);
  expect(back.codes).toBe(1);
  const closedMs = Math.round(performance.now() - recovered);
  figure(
    FAULT,
    `gateway back → circuit closed, texts sent again (ms, cool-down ${COOLDOWN_MS})`,
    closedMs,
    `≤ cool-down + one call`,
  );
  const m2 = await metricsOf(inst!);
  expect(sample(m2, 'portal_circuit_open', { circuit: 'sms' })).toBe(0);

  // One fault line per refused request, under its id; the same count on /metrics; the circuit's changes logged.
  const lines = logLines(inst!);
  const faults = lines.filter((l) => l.msg === 'fault' && l.fault === 'sms_provider');
  const counted = sample(m2, 'portal_faults_total', { fault: 'sms_provider' });
  figure(
    FAULT,
    'calls refused / fault log lines / portal_faults_total{sms_provider}',
    `5 / ${faults.length} / ${counted}`,
    'equal',
  );
  expect(faults).toHaveLength(5);
  expect(counted).toBe(5);
  for (const f of faults) expect(String(f.id)).toMatch(/^[0-9a-f-]{36}$/);
  expect(lines.filter((l) => l.msg === 'circuit open' && l.circuit === 'sms')).toHaveLength(1);
  expect(lines.filter((l) => l.msg === 'circuit closed' && l.circuit === 'sms')).toHaveLength(1);
  figure(FAULT, 'codes stored for the 5 refused sends', 0, '0');
});

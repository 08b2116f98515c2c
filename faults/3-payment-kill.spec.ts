// docs/reliability.md, "Payment notify interrupted": the instance is killed (SIGKILL) after the
// provider's notify has reached it and before it answers — once before its transaction commits
// (held on the order's row lock), once after (held on the commit's acknowledgement, by waiting for
// a synchronous standby that does not exist) — and the provider sends the notify again, as it does
// when it has no answer. The order is paid once, with one payment, and the membership granted once.
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { contract, type CallName } from '../lib/api/contract';
import {
  figure,
  PORTS,
  readState,
  sleep,
  sql,
  startInstance,
  stopInstance,
  suiteEnv,
  type Instance,
} from './support/suite';

const FAULT = 'payment notify interrupted';
const state = readState();
const env = suiteEnv(state);
let inst: Instance | null = null;

test.afterAll(async () => {
  if (inst) await stopInstance(inst, 'SIGKILL');
  // Whatever happened, the cluster commits without a standby again.
  await sql(state.databaseUrl, 'alter system reset synchronous_standby_names').catch(() => {});
  await sql(state.databaseUrl, 'select pg_reload_conf()').catch(() => {});
  await sql(state.databaseUrl, 'alter database postgres reset synchronous_commit').catch(() => {});
});

async function call<T>(name: CallName, body: unknown, token?: string, query: Record<string, string> = {}): Promise<T> {
  const def = contract[name];
  const url = new URL(`${inst!.url}/api/${def.service}${def.path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; msg?: string };
  if (json.code !== 1) throw new Error(`${name}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The sandbox gateway's notify, signed as it signs it (HMAC-SHA256 of the sorted fields, docs/commerce.md). */
function notifyBody(tradeCode: string, amountFen: number, txnId: string) {
  const fields: Record<string, string> = {
    trade_code: tradeCode,
    merchant: 'yoonop-sandbox',
    event: 'paid',
    amount_fen: String(amountFen),
    txn_id: txnId,
    paid_at: new Date().toISOString(),
  };
  const key = createHmac('sha256', Buffer.from(env.APP_SECRET!, 'utf8')).update('yoonop/pay-sandbox-notify').digest();
  const canonical = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return new URLSearchParams({
    ...fields,
    sign: createHmac('sha256', key).update(canonical).digest('base64url'),
  }).toString();
}

/** The provider posting its notify: the answer's text, or the error when there was none. */
async function postNotify(body: string): Promise<string> {
  try {
    const res = await fetch(`${inst!.url}/api/pay/notify/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    return `${res.status} ${await res.text()}`;
  } catch (e) {
    return `no answer (${(e as Error).cause ? String((e as Error).cause) : String(e)})`;
  }
}

async function orderState(tradeCode: string, phone: string) {
  const [o] = await sql<{ id: string; status: string; amount_fen: number }>(
    state.databaseUrl,
    'select id, status, amount_fen from orders where trade_code = $1',
    [tradeCode],
  );
  const [p] = await sql<{ n: string }>(state.databaseUrl, 'select count(*) n from payments where order_id = $1', [
    o!.id,
  ]);
  const [m] = await sql<{ n: string; ends: Date | null }>(
    state.databaseUrl,
    `select count(*) n, max(m.ends_at) ends from user_memberships m join users u on u.id = m.user_id
       join member_levels l on l.id = m.level_id where u.phone = $1 and l.code = 'silver'`,
    [phone],
  );
  return {
    status: o!.status,
    amountFen: o!.amount_fen,
    payments: Number(p!.n),
    memberships: Number(m!.n),
    endsAt: m!.ends?.toISOString() ?? null,
  };
}

async function waitFor(what: string, q: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const rows = await sql<{ pid: number }>(state.databaseUrl, q);
    if (rows[0]) return rows[0].pid;
    await sleep(50);
  }
  throw new Error(`${what}: not seen in 10 s`);
}

async function backendGone(pid: number) {
  for (let i = 0; i < 200; i++) {
    if (!(await sql(state.databaseUrl, 'select 1 from pg_stat_activity where pid = $1', [pid])).length) return;
    await sleep(50);
  }
  throw new Error(`backend ${pid} still there after 10 s`);
}

async function newOrder(phone: string) {
  const token = (await call<{ token: string }>('UserLoginAPP', { phone, password: 'Demo12345' })).token;
  const levels = await call<{ id: string; code: string }[]>('QueryMemberList', {});
  const silver = levels.find((l) => l.code === 'silver')!.id;
  const order = await call<{ tradeCode: string; amountFen: number }>(
    'UserBuyMemberLevel',
    { memberId: silver, months: 1 },
    token,
  );
  await call('PayMemberOrderPC', {}, token, { trandeCode: order.tradeCode });
  return order;
}

/** SIGKILL to the instance (its launcher and its server process), as a crash or the OOM killer would. */
async function kill() {
  const killed = performance.now();
  await stopInstance(inst!, 'SIGKILL');
  return killed;
}

async function restart(label: string, killed: number) {
  inst = await startInstance(`pay-${label}`, PORTS.c, env);
  return Math.round(performance.now() - killed);
}

const killAndRestart = async (label: string) => restart(label, await kill());

test('killed before its transaction commits: nothing settled; the retried notify settles once', async () => {
  inst = await startInstance('pay-1', PORTS.c, env);
  const phone = '13800000003';
  const order = await newOrder(phone);
  const before = await orderState(order.tradeCode, phone);
  const body = notifyBody(order.tradeCode, order.amountFen, `SBXfault${Date.now()}a`);

  // The test holds the order's row: the notify, once received, waits inside its transaction.
  const holder = new Client({ connectionString: state.databaseUrl });
  await holder.connect();
  await holder.query('begin');
  await holder.query('select id from orders where trade_code = $1 for update', [order.tradeCode]);
  const first = postNotify(body);
  const waiting = await waitFor(
    'the notify waiting on the order row',
    `select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%from "orders"%for update%'`,
  );
  const restartMs = await killAndRestart('2');
  await holder.query('rollback');
  await holder.end();
  await backendGone(waiting);
  const firstAnswer = await first;
  const killedState = await orderState(order.tradeCode, phone);

  // The provider had no answer, so it sends the notify again; then once more (its retries overlap).
  const retry = await postNotify(body);
  const settled = await orderState(order.tradeCode, phone);
  const repeat = await postNotify(body);
  const after = await orderState(order.tradeCode, phone);

  figure(FAULT, 'before commit: provider saw', firstAnswer, 'no answer → retries');
  figure(
    FAULT,
    'before commit: order / payments / silver memberships after the kill',
    `${killedState.status} / ${killedState.payments} / ${killedState.memberships}`,
    'pending / 0 / as before',
  );
  figure(FAULT, 'before commit: instance killed → serving again (ms)', restartMs);
  figure(FAULT, 'before commit: retried notify answered', retry, '200 success');
  figure(
    FAULT,
    'before commit: order / payments / memberships after the retries',
    `${after.status} / ${after.payments} / ${after.memberships}`,
    'paid / 1 / +1',
  );
  expect(firstAnswer).toMatch(/^no answer/);
  expect(killedState).toEqual(before);
  expect(retry).toBe('200 success');
  expect(repeat).toBe('200 success');
  expect(settled).toMatchObject({
    status: 'paid',
    payments: 1,
    memberships: before.memberships + (before.endsAt ? 0 : 1),
  });
  expect(after).toEqual(settled);
  expect(settled.endsAt).not.toBe(before.endsAt);
});

test('killed after its transaction commits, before it answers: settled once; the retried notify changes nothing', async () => {
  // New sessions of the instance wait for a synchronous standby on commit — once one is named.
  await sql(state.databaseUrl, 'alter database postgres set synchronous_commit = on');
  if (inst) await stopInstance(inst, 'SIGKILL');
  inst = await startInstance('pay-3', PORTS.c, env);
  const phone = '13800000004';
  const order = await newOrder(phone);
  const before = await orderState(order.tradeCode, phone);
  const body = notifyBody(order.tradeCode, order.amountFen, `SBXfault${Date.now()}b`);

  // Name a standby that never comes: the notify's commit is written, and waits for it to acknowledge.
  await sql(state.databaseUrl, "alter system set synchronous_standby_names = 'faults_absent_standby'");
  await sql(state.databaseUrl, 'select pg_reload_conf()');
  const first = postNotify(body);
  const committing = await waitFor(
    'the notify commit waiting for its acknowledgement',
    `select pid from pg_stat_activity where wait_event = 'SyncRep'`,
  );
  const killed = await kill();
  await sql(state.databaseUrl, 'alter system reset synchronous_standby_names');
  await sql(state.databaseUrl, 'select pg_reload_conf()');
  const restartMs = await restart('4', killed);
  await backendGone(committing);
  const firstAnswer = await first;
  const killedState = await orderState(order.tradeCode, phone);

  const retry = await postNotify(body);
  const repeat = await postNotify(body);
  const after = await orderState(order.tradeCode, phone);
  await sql(state.databaseUrl, 'alter database postgres reset synchronous_commit');

  figure(FAULT, 'after commit: provider saw', firstAnswer, 'no answer → retries');
  figure(
    FAULT,
    'after commit: order / payments / silver memberships after the kill',
    `${killedState.status} / ${killedState.payments} / ${killedState.memberships}`,
    'paid / 1 / +1',
  );
  figure(FAULT, 'after commit: instance killed → serving again (ms)', restartMs);
  figure(FAULT, 'after commit: retried notifies answered', `${retry}; ${repeat}`, '200 success, nothing changes');
  figure(
    FAULT,
    'after commit: order / payments / memberships after the retries',
    `${after.status} / ${after.payments} / ${after.memberships}`,
    'unchanged',
  );
  expect(firstAnswer).toMatch(/^no answer/);
  expect(killedState).toMatchObject({ status: 'paid', payments: 1 });
  expect(killedState.endsAt).not.toBe(before.endsAt);
  expect(retry).toBe('200 success');
  expect(repeat).toBe('200 success');
  expect(after).toEqual(killedState);
});

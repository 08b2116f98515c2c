// docs/reliability.md, "Database restart": PostgreSQL stopped for 5 s while 20 clients browse, log
// in and order on two instances. While it is away calls answer 503 with Retry-After, pages the
// friendly page (or the cached page), /readyz 503; within 5 s of its return both instances serve
// again without a restart; no request hangs; the pool ends empty; every fault is one log line with
// its request id and one count on /metrics.
import { expect, test } from '@playwright/test';
import { contract, type CallName } from '../lib/api/contract';
import {
  cluster,
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
  type Instance,
} from './support/suite';

const FAULT = 'database restart';
const DOWN_MS = 5000;
const CLIENTS = 20;
/** A request with no answer after this long counts as hung. */
const HANG_MS = 15_000;
const RECOVERY_LIMIT_MS = 5000;
const CUSTOMERS = ['13800000003', '13800000004'];

type Kind = 'page' | 'login' | 'order' | 'readyz';
type Outcome = {
  kind: Kind;
  inst: string;
  start: number;
  end: number;
  status: number;
  code?: number;
  retryAfter?: string | null;
  friendly?: boolean;
  id?: string | null;
  hung?: boolean;
  error?: string;
  tradeCode?: string;
};

const state = readState();
let instances: Instance[] = [];

test.afterAll(async () => {
  await Promise.all(instances.map((i) => stopInstance(i)));
});

async function send(inst: Instance, kind: Kind, path: string, init: RequestInit = {}): Promise<Outcome> {
  const start = performance.now();
  try {
    const res = await fetch(inst.url + path, { ...init, signal: AbortSignal.timeout(HANG_MS) });
    const text = await res.text();
    const o: Outcome = {
      kind,
      inst: inst.name,
      start,
      end: performance.now(),
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      id: res.headers.get('x-request-id'),
    };
    if (kind === 'page') o.friendly = res.status === 503 && /Back in a moment|稍候即回/.test(text);
    else if (text.startsWith('{')) {
      const body = JSON.parse(text) as { code?: number; data?: { token?: string; tradeCode?: string } };
      o.code = body.code;
      o.tradeCode = body.data?.tradeCode;
      if (kind === 'login' && body.data?.token) (o as Outcome & { token?: string }).token = body.data.token;
    }
    return o;
  } catch (e) {
    const hung = (e as Error).name === 'TimeoutError';
    return { kind, inst: inst.name, start, end: performance.now(), status: 0, hung, error: String(e) };
  }
}

function callInit(name: CallName, body: unknown, token?: string): [string, RequestInit] {
  const def = contract[name];
  return [
    `/api/${def.service}${def.path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    },
  ];
}

test('PostgreSQL stopped for 5 s under load: 503 + Retry-After, friendly pages, /readyz 503, back within 5 s, nothing hangs or leaks', async () => {
  const env = suiteEnv(state);
  instances = await Promise.all([startInstance('db-a', PORTS.a, env), startInstance('db-b', PORTS.b, env)]);
  const levels = (await (await fetch(...callRequest(instances[0]!, 'QueryMemberList', {}))).json()) as {
    data: { id: string; code: string }[];
  };
  const silver = levels.data.find((l) => l.code === 'silver')!.id;
  const ordersBefore = Number((await sql(state.databaseUrl, 'select count(*) n from orders'))[0]!.n);

  const outcomes: Outcome[] = [];
  let running = true;
  const client = async (i: number) => {
    const inst = instances[i % instances.length]!;
    const phone = CUSTOMERS[i % CUSTOMERS.length]!;
    let token: string | undefined;
    for (let n = 0; running; n++) {
      // Browse: a page the whole-response cache holds, and the same page under a URL it does not.
      const path = n % 2 ? '/regard/journalism' : `/regard/journalism?visit=${i}-${n}`;
      outcomes.push(await send(inst, 'page', path, { headers: { 'accept-language': i % 2 ? 'zh-CN' : 'en' } }));
      if (!token || n % 4 === 0) {
        const login = await send(inst, 'login', ...callInit('UserLoginAPP', { phone, password: 'Demo12345' }));
        outcomes.push(login);
        token = (login as Outcome & { token?: string }).token ?? token;
      }
      if (token)
        outcomes.push(
          await send(inst, 'order', ...callInit('UserBuyMemberLevel', { memberId: silver, months: 1 }, token)),
        );
    }
  };
  const readiness = async (inst: Instance) => {
    while (running) {
      outcomes.push(await send(inst, 'readyz', '/readyz', { headers: { connection: 'close' } }));
      await sleep(100);
    }
  };
  const load = [...Array.from({ length: CLIENTS }, (_, i) => client(i)), ...instances.map(readiness)];

  await sleep(2000);
  const stopAsked = performance.now();
  cluster('halt', state.pgDir);
  const stopped = performance.now();
  await sleep(DOWN_MS);
  const resumeAsked = performance.now();
  cluster('resume', state.pgDir);
  const resumed = performance.now();
  await sleep(RECOVERY_LIMIT_MS + 2000);
  running = false;
  await Promise.all(load);

  const down = outcomes.filter((o) => o.start >= stopped + 200 && o.end <= resumeAsked);
  const after = outcomes.filter((o) => o.start >= resumed + RECOVERY_LIMIT_MS);
  const api = (o: Outcome) => o.kind === 'login' || o.kind === 'order';
  const okApi = (o: Outcome) => api(o) && o.status === 200 && o.code === 1;

  // Nothing hangs, nothing answers 500.
  const hung = outcomes.filter((o) => o.hung);
  const longest = Math.max(...outcomes.map((o) => o.end - o.start));
  figure(FAULT, 'requests sent (20 clients + /readyz polls, 2 instances)', outcomes.length);
  figure(FAULT, 'requests answered', outcomes.filter((o) => o.status > 0).length);
  figure(FAULT, 'requests hung (no answer in 15 s)', hung.length, '0');
  figure(FAULT, 'longest answer (ms)', Math.round(longest), `< ${HANG_MS}`);
  figure(FAULT, 'answers 500 (whole run)', outcomes.filter((o) => o.status === 500).length, '0');
  expect(hung).toEqual([]);
  expect(outcomes.filter((o) => o.status === 0)).toEqual([]);
  expect(outcomes.filter((o) => o.status === 500)).toEqual([]);

  // While it is away.
  const downApi = down.filter(api);
  const downPages = down.filter((o) => o.kind === 'page');
  const downReady = down.filter((o) => o.kind === 'readyz');
  figure(FAULT, 'stop asked → PostgreSQL stopped (ms)', Math.round(stopped - stopAsked));
  figure(
    FAULT,
    'calls while away: answered 503 + envelope 503 + Retry-After',
    `${downApi.filter((o) => o.status === 503 && o.code === 503 && Number(o.retryAfter) > 0).length}/${downApi.length}`,
    'all',
  );
  figure(
    FAULT,
    'pages while away: friendly 503 page / served from cache',
    `${downPages.filter((o) => o.friendly).length} / ${downPages.filter((o) => o.status === 200).length} of ${downPages.length}`,
    'all one or the other',
  );
  figure(
    FAULT,
    '/readyz while away: 503',
    `${downReady.filter((o) => o.status === 503).length}/${downReady.length}`,
    'all',
  );
  expect(downApi.length).toBeGreaterThan(20);
  for (const o of downApi)
    expect(o, 'a call while the database is away').toMatchObject({ status: 503, code: 503, retryAfter: '5' });
  expect(downPages.filter((o) => o.friendly).length).toBeGreaterThan(5);
  for (const o of downPages) expect(o.friendly || o.status === 200, `page ${JSON.stringify(o)}`).toBe(true);
  expect(downReady.length).toBeGreaterThan(10);
  for (const o of downReady) expect(o.status).toBe(503);

  // Back: each instance's first successful call after PostgreSQL accepted connections again.
  for (const inst of instances) {
    const first = outcomes
      .filter((o) => o.inst === inst.name && okApi(o) && o.start >= resumed)
      .sort((x, y) => x.end - y.end)[0];
    const firstPage = outcomes
      .filter((o) => o.inst === inst.name && o.kind === 'page' && o.status === 200 && o.start >= resumed && !o.friendly)
      .sort((x, y) => x.end - y.end)[0];
    const ready = outcomes
      .filter((o) => o.inst === inst.name && o.kind === 'readyz' && o.status === 200 && o.start >= resumed)
      .sort((x, y) => x.end - y.end)[0];
    expect(first, `no successful call on ${inst.name} after the return`).toBeDefined();
    const ms = Math.round(first!.end - resumed);
    figure(FAULT, `${inst.name}: PostgreSQL back → first call answered code 1 (ms)`, ms, `≤ ${RECOVERY_LIMIT_MS}`);
    figure(
      FAULT,
      `${inst.name}: PostgreSQL back → /readyz 200 (ms)`,
      ready ? Math.round(ready.end - resumed) : 'never',
    );
    figure(
      FAULT,
      `${inst.name}: PostgreSQL back → first uncached page 200 (ms)`,
      firstPage ? Math.round(firstPage.end - resumed) : 'none',
    );
    expect(ms).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(ready).toBeDefined();
  }
  figure(FAULT, 'resume asked → PostgreSQL accepting (ms)', Math.round(resumed - resumeAsked));
  // From 5 s after its return everything is served as before.
  const afterBad = after.filter((o) => (api(o) ? !okApi(o) : o.status !== 200));
  figure(FAULT, 'requests from 5 s after the return: ok', `${after.length - afterBad.length}/${after.length}`, 'all');
  expect(after.length).toBeGreaterThan(40);
  expect(afterBad).toEqual([]);

  // The pool: nothing in use or waiting once the load stops, never more than its maximum.
  for (const inst of instances) {
    await expect
      .poll(async () => {
        const m = await metricsOf(inst);
        return [
          sample(m, 'portal_db_pool_connections', { state: 'in_use' }),
          sample(m, 'portal_db_pool_connections', { state: 'waiting' }),
        ];
      })
      .toEqual([0, 0]);
    const m = await metricsOf(inst);
    const total = sample(m, 'portal_db_pool_connections', { state: 'idle' });
    figure(
      FAULT,
      `${inst.name}: pool after the load (in use / waiting / idle of max)`,
      `0 / 0 / ${total} of ${sample(m, 'portal_db_pool_connections', { state: 'max' })}`,
      'in use 0, waiting 0',
    );
    expect(total).toBeLessThanOrEqual(5);

    // One fault line per request that met the fault, under the id its answer carried; the same count on /metrics.
    const faults = logLines(inst).filter((l) => l.msg === 'fault' && l.fault === 'database_unavailable');
    const counted = sample(m, 'portal_faults_total', { fault: 'database_unavailable' });
    const ids = new Set(faults.map((l) => l.id));
    const answered503 = outcomes.filter((o) => o.inst === inst.name && o.status === 503 && o.kind !== 'readyz');
    figure(
      FAULT,
      `${inst.name}: fault log lines / portal_faults_total{database_unavailable}`,
      `${faults.length} / ${counted}`,
      'equal',
    );
    expect(counted).toBe(faults.length);
    for (const o of answered503) expect(ids.has(o.id), `fault line for request ${o.id}`).toBe(true);
    const lines = logLines(inst).map((l) => l.msg);
    expect(lines).toContain('database unavailable');
    expect(lines).toContain('database back');
    expect(sample(m, 'portal_database_up')).toBe(1);
  }

  // Nothing doubled: every order answered is in the database once; the buys collapsed onto one pending order each.
  const answeredOrders = new Set(outcomes.filter((o) => o.kind === 'order' && o.code === 1).map((o) => o.tradeCode));
  const rows = await sql<{ trade_code: string }>(
    state.databaseUrl,
    'select trade_code from orders where trade_code = any($1)',
    [[...answeredOrders]],
  );
  const ordersAfter = Number((await sql(state.databaseUrl, 'select count(*) n from orders'))[0]!.n);
  figure(
    FAULT,
    'orders answered / found in the database / created in the run',
    `${answeredOrders.size} / ${rows.length} / ${ordersAfter - ordersBefore}`,
  );
  expect(rows.length).toBe(answeredOrders.size);
});

function callRequest(inst: Instance, name: CallName, body: unknown): [string, RequestInit] {
  const [path, init] = callInit(name, body);
  return [inst.url + path, init];
}

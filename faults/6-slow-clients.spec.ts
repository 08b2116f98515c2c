// docs/reliability.md, "Slow clients": 200 connections sending their headers or their bodies one
// byte a second, straight at an instance and then at nginx (deploy/nginx/portal.conf), while a
// normal client keeps browsing and calling: it is served as fast as before, and the slow
// connections are closed once their deadline passes (10 s for headers), each a fault line and count.
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startNginx } from '../fleet/support/fleet';
import {
  figure,
  logLines,
  metricsOf,
  PORTS,
  readState,
  sample,
  sleep,
  startInstance,
  stopInstance,
  stopProcess,
  suiteEnv,
  type Instance,
} from './support/suite';

const FAULT = 'slow clients';
const SLOW = 200;
const HEADERS_TIMEOUT_MS = 10_000;
const state = readState();
let inst: Instance | null = null;
let nginxPid: number | null = null;

test.afterAll(async () => {
  if (nginxPid) await stopProcess(nginxPid, 'SIGTERM');
  if (inst) await stopInstance(inst);
});

type Slow = { socket: net.Socket; closedAt: number | null; answer: string; timer: NodeJS.Timeout };

/** A connection that sends a request one byte a second: its headers (half of them), or a body after complete headers. */
function slowConnection(port: number, kind: 'headers' | 'body', opened: number): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const text =
      kind === 'headers'
        ? `GET /regard/journalism HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow-client/1.0\r\nAccept-Language: en\r\nX-Padding: ${'x'.repeat(200)}\r\n\r\n`
        : `POST /api/core/api/InfoNews/QueryNewsForPage HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n`;
    const s: Slow = { socket, closedAt: null, answer: '', timer: setInterval(() => {}, 1 << 30) };
    clearInterval(s.timer);
    socket.setNoDelay(true);
    socket.on('data', (c) => (s.answer += c.toString('latin1')));
    socket.on('close', () => {
      s.closedAt = performance.now() - opened;
      clearInterval(s.timer);
    });
    socket.on('error', () => {});
    socket.once('connect', () => {
      // Headers: the first byte now, then one a second. Body: the headers at once, then one body byte a second.
      let at = kind === 'headers' ? 0 : text.length;
      if (kind === 'body') socket.write(text);
      const next = () => {
        if (socket.destroyed) return;
        socket.write(kind === 'headers' ? (text[at++] ?? ' ') : ' ');
      };
      next();
      s.timer = setInterval(next, 1000);
      resolve(s);
    });
    socket.once('error', reject);
  });
}

/** A normal visitor meanwhile: a page and a call, one after the other, for `ms`; their times. */
async function normalTraffic(base: string, ms: number) {
  const times: number[] = [];
  const failures: string[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    for (const [path, init] of [
      ['/regard/journalism', { headers: { 'accept-language': 'en' } }],
      [
        '/api/core/api/InfoNews/QueryNewsForPage',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pageIndex":1,"pageSize":3}' },
      ],
    ] as const) {
      const t = performance.now();
      try {
        const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status !== 200) failures.push(`${path}: HTTP ${res.status}`);
      } catch (e) {
        failures.push(`${path}: ${String(e)}`);
      }
      times.push(performance.now() - t);
    }
    await sleep(50);
  }
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: Math.round(times[Math.floor(times.length / 2)]!),
    max: Math.round(times.at(-1)!),
    failures,
  };
}

async function underSlowClients(label: string, port: number, base: string) {
  const quiet = await normalTraffic(base, 1500);
  const opened = performance.now();
  const slow = await Promise.all(
    Array.from({ length: SLOW }, (_, i) => slowConnection(port, i % 2 ? 'body' : 'headers', opened)),
  );
  const busy = await normalTraffic(base, 4000);
  figure(FAULT, `${label}: normal requests alone (n / median / max ms)`, `${quiet.n} / ${quiet.p50} / ${quiet.max}`);
  figure(
    FAULT,
    `${label}: with ${SLOW} slow connections open (n / median / max ms)`,
    `${busy.n} / ${busy.p50} / ${busy.max}`,
    'all served, max < 1000',
  );
  expect(busy.failures).toEqual([]);
  expect(busy.max).toBeLessThan(1000);
  expect(slow.filter((s) => s.closedAt !== null)).toHaveLength(0);

  // The slow headers are cut at their deadline (checked every second); the bodies at theirs.
  await expect
    .poll(() => slow.filter((s, i) => i % 2 === 0 && s.closedAt !== null).length, {
      timeout: HEADERS_TIMEOUT_MS + 5000,
      intervals: [250],
    })
    .toBe(SLOW / 2);
  const headerClosed = slow.filter((_, i) => i % 2 === 0).map((s) => s.closedAt!);
  figure(
    FAULT,
    `${label}: slow headers answered 408 and closed after (min–max ms)`,
    `${Math.round(Math.min(...headerClosed))}–${Math.round(Math.max(...headerClosed))}`,
    `≈ ${HEADERS_TIMEOUT_MS}`,
  );
  expect(Math.min(...headerClosed)).toBeGreaterThan(HEADERS_TIMEOUT_MS - 1000);
  // The instance answers 408 before closing; nginx closes without a word (it logs the 408).
  if (label === 'instance')
    expect(slow.filter((_, i) => i % 2 === 0).every((s) => /^HTTP\/1\.1 408/.test(s.answer))).toBe(true);
  return slow;
}

test('200 connections trickling a byte a second do not keep others from being served, straight or behind nginx', async () => {
  test.setTimeout(120_000);
  // The body deadline shortened for the test (60 s by default), so the suite does not wait a minute.
  inst = await startInstance('slow', PORTS.a, suiteEnv(state, { SERVER_REQUEST_TIMEOUT_MS: '15000' }));

  const direct = await underSlowClients('instance', PORTS.a, inst.url);
  await expect
    .poll(() => direct.filter((s) => s.closedAt !== null).length, { timeout: 15_000, intervals: [250] })
    .toBe(SLOW);
  const bodyClosed = direct.filter((_, i) => i % 2 === 1).map((s) => s.closedAt!);
  figure(
    FAULT,
    'instance: slow bodies closed after (min–max ms; request deadline 15000 here)',
    `${Math.round(Math.min(...bodyClosed))}–${Math.round(Math.max(...bodyClosed))}`,
  );
  const m = await metricsOf(inst);
  const faults = logLines(inst).filter((l) => l.msg === 'fault' && l.fault === 'client_timeout');
  const counted = sample(m, 'portal_faults_total', { fault: 'client_timeout' });
  figure(
    FAULT,
    'instance: fault log lines / portal_faults_total{client_timeout}',
    `${faults.length} / ${counted}`,
    `${SLOW} / ${SLOW}`,
  );
  expect(faults.length).toBeGreaterThanOrEqual(SLOW / 2);
  expect(counted).toBe(faults.length);
  for (const f of faults) expect(String(f.id)).toMatch(/^[0-9a-f-]{36}$/);

  // Behind nginx with deploy/nginx/portal.conf: its client timeouts close them; the instance never sees them.
  const proxy = await startNginx(path.join(state.work, 'nginx'), { proxy: PORTS.proxy, a: PORTS.a, b: PORTS.a });
  nginxPid = proxy.pid;
  const before = sample(await metricsOf(inst), 'portal_faults_total', { fault: 'client_timeout' });
  const viaProxy = await underSlowClients('nginx', PORTS.proxy, proxy.url);
  // nginx buffers bodies: a body trickling in holds a connection of nginx (whose body timeout is
  // between two reads), never an instance — nothing of them is in flight there.
  const m2 = await metricsOf(inst);
  const inFlight = sample(m2, 'portal_http_requests_in_flight');
  figure(
    FAULT,
    'nginx: slow bodies still buffering / requests in flight on the instance',
    `${viaProxy.filter((s) => s.closedAt === null).length} / ${inFlight}`,
    `— / 1 (the scrape itself)`,
  );
  expect(inFlight).toBe(1);
  expect(sample(m2, 'portal_faults_total', { fault: 'client_timeout' })).toBe(before);
  for (const s of viaProxy) s.socket.destroy();
});

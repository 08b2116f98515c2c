// Safe to restart: SIGTERM lets requests in flight finish, /readyz says 503 from the first moment,
// and behind nginx a rolling restart loses no request.
import http from 'node:http';
import { expect, test } from '@playwright/test';
import {
  fleetEnv,
  logLines,
  METRICS_TOKEN,
  PORTS,
  readState,
  startInstance,
  stopProcess,
  writeState,
} from './support/fleet';
import { recordTiming } from './support/timings';

const state = readState();

/** A POST whose body arrives in two halves: in flight on the server from its headers until the second half. */
function slowRequest(port: number, path: string, json: unknown) {
  const body = Buffer.from(JSON.stringify(json) + ' '.repeat(2000));
  const half = body.length / 2;
  const req = http.request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, half));
  return { finish: () => req.end(body.subarray(half)), answer };
}

/** GET /readyz on a new connection: its status, or 0 when the connection is refused. */
async function readyz(port: number) {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { connection: 'close' } });
    await r.text();
    return r.status;
  } catch {
    return 0;
  }
}

test('SIGTERM with 20 slow requests in flight: all complete, /readyz answers 503 from the signal on, exit 0', async () => {
  const env = { ...fleetEnv(state.databaseUrl, state.work), SHUTDOWN_DRAIN_MS: '1500', SHUTDOWN_TIMEOUT_MS: '10000' };
  const c = await startInstance('c', PORTS.c, env);
  const exited = new Promise<number | null>((resolve) => c.child.once('exit', (code) => resolve(code)));
  expect(await readyz(PORTS.c)).toBe(200);

  const slow = Array.from({ length: 20 }, () =>
    slowRequest(PORTS.c, '/api/core/api/InfoNews/QueryNewsForPage', { pageIndex: 1, pageSize: 3, lang: 'en' }),
  );
  // Every one of them has reached the server (and the scrape itself).
  await expect
    .poll(async () => {
      const text = await (
        await fetch(`${c.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(/^portal_http_requests_in_flight (\d+)$/m.exec(text)?.[1]);
    })
    .toBe(21);
  const signalled = performance.now();
  const signalledAt = Date.now();
  process.kill(c.pid, 'SIGTERM');

  // Poll readiness on new connections while the requests are still incomplete.
  const seen: { sentAt: number; ms: number; status: number }[] = [];
  const polling = (async () => {
    while (performance.now() - signalled < 2500) {
      const sentAt = Date.now();
      seen.push({ sentAt, ms: Math.round(performance.now() - signalled), status: await readyz(PORTS.c) });
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await new Promise((r) => setTimeout(r, 2000)); // past the 1.5 s drain: no new connections now
  for (const s of slow) s.finish();
  const answers = await Promise.all(slow.map((s) => s.answer));
  await polling;
  const code = await exited;

  for (const a of answers) {
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toMatchObject({ code: 1, data: { list: expect.any(Array) } });
  }
  expect(code).toBe(0);
  // Shutdown begins when the process takes the signal (its log line). Every /readyz asked from then
  // on is 503 during the drain, then refused (0): never ready again. One asked in the instant
  // between kill() and the process taking the signal may still be 200.
  const began = Date.parse(String(logLines(c).find((l) => l.msg === 'shutdown')?.time));
  const after = seen.filter((s) => s.sentAt >= began);
  expect(after.length).toBeGreaterThan(10);
  expect(after[0]).toMatchObject({ status: 503 });
  expect(after.every((s) => s.status === 503 || s.status === 0)).toBe(true);
  const first503 = seen.find((s) => s.status === 503)!;
  const firstRefused = seen.find((s) => s.status === 0)!;
  expect(firstRefused.ms).toBeGreaterThanOrEqual(1400);
  // The 20, and perhaps a /readyz asked just before.
  const shutdown = logLines(c).find((l) => l.msg === 'shutdown');
  expect(shutdown).toMatchObject({ signal: 'SIGTERM' });
  expect(Number(shutdown?.inFlight)).toBeGreaterThanOrEqual(20);
  expect(logLines(c).find((l) => l.msg === 'stopped')).toMatchObject({ cutOff: 0 });
  recordTiming({
    what: 'SIGTERM sent → shutdown began (the process took the signal)',
    ms: began - signalledAt,
    limitMs: 0,
  });
  recordTiming({ what: 'SIGTERM sent → first /readyz answered 503', ms: first503.ms, limitMs: 0 });
  recordTiming({ what: 'SIGTERM sent → new connections refused (drain 1500 ms)', ms: firstRefused.ms, limitMs: 0 });
  recordTiming({
    what: 'SIGTERM sent → 20 slow requests answered, exit 0',
    ms: Math.round(performance.now() - signalled),
    limitMs: 0,
  });
});

test('a rolling restart of A behind nginx loses no request', async () => {
  if (!state.proxy) throw new Error(state.nginxMissing ?? 'nginx did not start');
  const proxy = state.proxy;
  let sent = 0;
  const failures: string[] = [];
  let running = true;
  const load = Array.from({ length: 4 }, async () => {
    while (running) {
      sent++;
      try {
        const r = await fetch(`${proxy.url}/regard/journalism`, { headers: { 'accept-language': 'en' } });
        await r.arrayBuffer();
        if (r.status !== 200) failures.push(`HTTP ${r.status}`);
      } catch (e) {
        failures.push(String(e));
      }
    }
  });
  await new Promise((r) => setTimeout(r, 500));
  const t0 = performance.now();
  await stopProcess(state.a.pid, 'SIGTERM');
  const stopped = Math.round(performance.now() - t0);
  // A new process on A's port (same build, same database), as a deployment restarts it.
  const env = fleetEnv(state.databaseUrl, state.work);
  const again = await startInstance('a', PORTS.a, env);
  state.a = { name: 'a', url: again.url, port: again.port, pid: again.pid, log: again.log };
  writeState(state);
  again.child.unref();
  await new Promise((r) => setTimeout(r, 1000));
  running = false;
  await Promise.all(load);
  recordTiming({ what: 'rolling restart: SIGTERM → A exited (drain 300 ms)', ms: stopped, limitMs: 0 });
  console.log(`rolling restart: ${sent} requests through nginx, ${failures.length} failed`);
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(50);
  expect(await readyz(PORTS.a)).toBe(200);
});

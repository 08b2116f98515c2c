// `npm run bench:login-flood`: the p99 latency of a cheap call (QueryNewsCategory) while
// CLIENTS concurrent clients flood UserLoginAPP with random phones (so no per-phone limit
// applies) for BENCH_SECONDS, against the production server (`npm start`) at the real password cost
// (scrypt N=2^17). Target: p99 ≤ 100 ms. Also prints the same call's p99 without the flood, how
// the logins were answered, and the load average (the machine may be shared: note it beside
// the figure). Needs `npm run build` first; starts its own server on a freshly seeded embedded
// database. Env: BENCH_PORT (3100), CLIENTS (20), BENCH_SECONDS (10), SCRYPT_LOG_N (17).
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { benchEnv, requireBuild, root, seedFresh, startServer } from './bench/server.mjs';

const port = Number(process.env.BENCH_PORT || process.env.PORT || 3100);
const clients = Number(process.env.CLIENTS || 20);
const seconds = Number(process.env.BENCH_SECONDS || 10);
const TARGET_MS = 100;

requireBuild();
const env = { ...benchEnv(port), SCRYPT_LOG_N: process.env.SCRYPT_LOG_N || '17' };
console.log('bench: seeding a fresh embedded database …');
seedFresh(env);
const server = await startServer(env);

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const cheap = new URL('/api/core/api/InfoNews/QueryNewsCategory', server.base);
/** One cheap call; its latency in ms (throws unless it answered code 1). */
function timedCall() {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const req = request(cheap, { method: 'POST', agent, headers: { 'content-length': 0 } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        if (JSON.parse(text).code !== 1) reject(new Error(`QueryNewsCategory answered ${text.slice(0, 200)}`));
        else resolve(ms);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Calls one after another (10 ms apart, as a visitor's page would) until `until()` is false. */
async function sample(until) {
  const ms = [];
  while (until()) {
    ms.push(await timedCall());
    await new Promise((r) => setTimeout(r, 10));
  }
  return ms;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const describe = (xs) =>
  `${xs.length} calls, p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

try {
  for (let i = 0; i < 20; i++) await timedCall(); // warm up
  const quietUntil = Date.now() + 5000;
  const quiet = await sample(() => Date.now() < quietUntil);

  const loadBefore = load();
  const flood = spawn(
    process.execPath,
    [path.join(root, 'scripts/bench/login-flood-client.mjs'), server.base, String(clients), String(seconds)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let floodOut = '';
  flood.stdout.on('data', (d) => (floodOut += d));
  const floodDone = new Promise((resolve) => flood.on('exit', resolve));
  let flooding = true;
  floodDone.then(() => (flooding = false));
  await new Promise((r) => setTimeout(r, 500)); // let the flood get going
  const during = await sample(() => flooding);
  await floodDone;
  const { counts, perSecond } = JSON.parse(floodOut.trim().split('\n').pop());

  console.log(
    `\nbench: ${clients} clients flooding UserLoginAPP (random phones) for ${seconds} s, production server on :${port}, scrypt N=2^${env.SCRYPT_LOG_N}`,
  );
  console.log(`load average before the flood: ${loadBefore}; after: ${load()}`);
  console.log(`QueryNewsCategory without the flood: ${describe(quiet)}`);
  console.log(`QueryNewsCategory during the flood:  ${describe(during)}`);
  console.log(
    `login answers: ${perSecond}/s; by code ${Object.entries(counts)
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
  );
  const p99 = pct(during, 99);
  const ok = p99 <= TARGET_MS && !counts['http 500'] && !counts.error;
  console.log(
    ok ? `bench: p99 ${p99.toFixed(1)} ms ≤ ${TARGET_MS} ms` : `bench: TARGET MISSED (p99 ${p99.toFixed(1)} ms)`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  agent.destroy();
  await server.stop();
}

// `npm run bench:login-flood`: the p99 latency of a cheap call (QueryNewsCategory) while
// CLIENTS concurrent clients flood UserLoginAPP with random phones (so no per-phone limit
// applies) for BENCH_SECONDS, against the production server (`npm start`) at the real password cost
// (scrypt N=2^17). Target: p99 ≤ 100 ms. Also prints the same call's p99 without the flood, how
// the logins were answered, and the load average (the machine may be shared: note it beside
// the figure). Needs `npm run build` first; starts its own server on a freshly seeded embedded
// database. Env: BENCH_PORT (3100), CLIENTS (20), BENCH_SECONDS (10), SCRYPT_LOG_N (17).
//
// `npm run bench:login-flood -- --ipv6`: the flood comes from one host rotating through IPv6
// addresses, each request from a new /64 of its /48 (the server trusts one proxy hop and reads
// X-Forwarded-For), and a real user logs in 5 times during it, spread over the flood, from the
// address the account logged in from before the flood (docs/decisions/login-limits.md). Targets:
// the cheap call's p99 ≤ 100 ms and 5 of 5 of the user's logins succeed.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { benchEnv, DEMO_MEMBER, requireBuild, root, seedFresh, startServer } from './bench/server.mjs';

const port = Number(process.env.BENCH_PORT || process.env.PORT || 3100);
const clients = Number(process.env.CLIENTS || 20);
const seconds = Number(process.env.BENCH_SECONDS || 10);
const TARGET_MS = 100;
const ipv6 = process.argv.includes('--ipv6');
/** Where the real user of the --ipv6 variant logs in from: home, outside the flooding /48. */
const HOME = '2001:db8:cafe:1::17';
const USER_LOGINS = 5;

requireBuild();
const env = {
  ...benchEnv(port),
  SCRYPT_LOG_N: process.env.SCRYPT_LOG_N || '17',
  // The --ipv6 flood says where it comes from as a proxy in front would.
  ...(ipv6 ? { TRUST_PROXY: '1' } : {}),
};
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

/** The demo member's login from `address` (X-Forwarded-For): its envelope code and latency in ms. */
async function userLogin(address) {
  const t = process.hrtime.bigint();
  const r = await fetch(new URL('/api/auth/api/UserLogin/UserLoginAPP', server.base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(DEMO_MEMBER),
  });
  const { code, msg } = await r.json();
  return { code, msg, ms: Number(process.hrtime.bigint() - t) / 1e6 };
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
  if (ipv6) {
    // The account has logged in from home before: what makes its logins likely real.
    const before = await userLogin(HOME);
    if (before.code !== 1) throw new Error(`the demo member could not log in before the flood: ${before.msg}`);
  }

  const loadBefore = load();
  const cpuBefore = server.cpuMs();
  const flood = spawn(
    process.execPath,
    [
      path.join(root, 'scripts/bench/login-flood-client.mjs'),
      server.base,
      String(clients),
      String(seconds),
      ...(ipv6 ? ['ipv6'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let floodOut = '';
  flood.stdout.on('data', (d) => (floodOut += d));
  const floodDone = new Promise((resolve) => flood.on('exit', resolve));
  let flooding = true;
  floodDone.then(() => (flooding = false));
  // The user's logins, one in each fifth of the flood (the first in its first second).
  const logins = ipv6
    ? Promise.all(
        Array.from({ length: USER_LOGINS }, async (_, i) => {
          await new Promise((r) => setTimeout(r, ((i + 0.2) * seconds * 1000) / USER_LOGINS));
          return userLogin(HOME);
        }),
      )
    : Promise.resolve([]);
  await new Promise((r) => setTimeout(r, 500)); // let the flood get going
  const during = await sample(() => flooding);
  await floodDone;
  const userAnswers = await logins;
  const cpuFlood = server.cpuMs() === null ? null : server.cpuMs() - cpuBefore;
  const { counts, perSecond } = JSON.parse(floodOut.trim().split('\n').pop());

  console.log(
    `\nbench: ${clients} clients flooding UserLoginAPP (random phones${ipv6 ? ', each request from a new IPv6 /64 of one /48' : ''}) for ${seconds} s, production server on :${port}, scrypt N=2^${env.SCRYPT_LOG_N}`,
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
  const answers = Object.values(counts).reduce((a, b) => a + b, 0);
  if (cpuFlood !== null)
    console.log(
      `server CPU during the flood: ${(cpuFlood / 1000).toFixed(1)} s, ${(cpuFlood / answers).toFixed(2)} ms per login answer (password checks included)`,
    );
  const loggedIn = userAnswers.filter((a) => a.code === 1).length;
  if (ipv6)
    console.log(
      `the user's logins from home during the flood: ${loggedIn} of ${USER_LOGINS} succeeded; ${userAnswers
        .map((a) => `${a.code === 1 ? 'ok' : `code ${a.code} (${a.msg})`} in ${a.ms.toFixed(0)} ms`)
        .join(', ')}`,
    );
  const p99 = pct(during, 99);
  const ok = p99 <= TARGET_MS && !counts['http 500'] && !counts.error && (!ipv6 || loggedIn === USER_LOGINS);
  console.log(
    ok
      ? `bench: p99 ${p99.toFixed(1)} ms ≤ ${TARGET_MS} ms${ipv6 ? `, ${loggedIn} of ${USER_LOGINS} logins` : ''}`
      : `bench: TARGET MISSED (p99 ${p99.toFixed(1)} ms${ipv6 ? `, ${loggedIn} of ${USER_LOGINS} logins` : ''})`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  agent.destroy();
  await server.stop();
}

// Shared by the benchmarks: a throwaway PostgreSQL cluster, a production server on a port,
// latency sampling over HTTP, and percentiles.
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, inflateSync } from 'node:zlib';
import { PLATFORM_SECRET_VARS } from '@/lib/server/platforms/env-vars';

export const ROOT = path.resolve(__dirname, '..', '..');

export function requireBuild() {
  if (!existsSync(path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
    console.error('bench: no production build — run `npm run build` first.');
    process.exit(1);
  }
}

/** A throwaway cluster (scripts/pg-test-server.sh) unless BENCH_DATABASE_URL names one. */
export function startPostgres(port = Number(process.env.BENCH_PG_PORT || 54343)): { url: string; stop: () => void } {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'yoonop-bench-pg.'));
  const r = spawnSync('bash', [path.join(ROOT, 'scripts/pg-test-server.sh'), 'start', dir, String(port)], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`could not start PostgreSQL: ${r.stderr}`);
  const url = r.stdout.trim();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    spawnSync('bash', [path.join(ROOT, 'scripts/pg-test-server.sh'), 'stop', dir], { stdio: 'ignore' });
  };
  process.on('exit', stop);
  return { url, stop };
}

/** A fresh database on a cluster. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: clusterUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(clusterUrl);
  u.pathname = '/' + name;
  return u.toString();
}

/** `npm start` (migrate, then the production server) on `port` against the given database. */
export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<{ base: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'production',
      // What production requires: the app and platform secrets (throwaway ones), the public origin, and
      // the demo switch (SMS outbox, sandbox gateway) instead of a real SMS gateway and payment provider.
      APP_SECRET: randomBytes(36).toString('base64'),
      ...Object.fromEntries(PLATFORM_SECRET_VARS.map((v) => [v, randomBytes(36).toString('base64')])),
      SITE_URL: `http://127.0.0.1:${port}`,
      DEMO_MODE: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    try {
      const r = await fetch(`${base}/api/openapi.json`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
        resolve();
      }, 10_000);
      child.on('exit', () => {
        clearTimeout(t);
        resolve();
      });
    });
  };
  return { base, stop };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export type Call = {
  name: string;
  path: string;
  body?: unknown;
  /** The body of the i-th request, when each must differ (so no answer is served from memory). */
  bodyAt?: (i: number) => unknown;
  query?: string;
  token?: string;
};

/**
 * Sequential requests from one client (latency, not throughput): warm-up first, then `n` timed
 * ones. The client is node:http on one kept-alive connection, asking for gzip as browsers do
 * (BENCH_ENCODING overrides), and the time runs until the answer is decompressed and decoded.
 */
export async function sample(base: string, call: Call, n: number, warmup = 20) {
  const url = new URL(`${base}/api/core${call.path}${call.query ? `?${call.query}` : ''}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let sent = 0;
  const request = () =>
    new Promise<string>((resolve, reject) => {
      const payload = JSON.stringify((call.bodyAt ? call.bodyAt(sent++) : call.body) ?? {});
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(payload)),
        'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip, deflate',
        authorization: call.token ?? '',
      };
      const req = http.request(
        { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const enc = res.headers['content-encoding'];
            resolve((enc === 'gzip' ? gunzipSync(raw) : enc === 'deflate' ? inflateSync(raw) : raw).toString('utf8'));
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const once = async () => {
    const t0 = performance.now();
    const text = await request();
    const ms = performance.now() - t0;
    const code = (JSON.parse(text) as { code: number; msg?: string }).code;
    if (code !== 1) throw new Error(`${call.name} answered ${text.slice(0, 300)}`);
    return { ms, bytes: text.length };
  };
  try {
    for (let i = 0; i < warmup; i++) await once();
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const r = await once();
      times.push(r.ms);
      bytes = r.bytes;
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1]!, bytes };
  } finally {
    agent.destroy();
  }
}

export const fmtMs = (x: number) => `${x.toFixed(1)} ms`;
export const fmtInt = (x: number) => Math.round(x).toLocaleString('en');

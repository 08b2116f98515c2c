// The fault suite's world (docs/reliability.md): one throwaway PostgreSQL, migrated and seeded
// once (global-setup.ts); each test starts the production instances (and nginx, fake providers)
// it needs, injects its fault itself and stops what it started. Everything listens on 127.0.0.1,
// on ports from FAULT_PORT up.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { E2E_PLATFORM_SECRETS } from '../../e2e/support/platforms';
import { ROOT, stopProcess, tail } from '../../fleet/support/fleet';

export { ROOT, stopProcess, tail };
export const OUT = path.join(ROOT, 'test-results', 'faults');
const STATE = path.join(OUT, 'state.json');
const FIGURES = path.join(OUT, 'figures.jsonl');

const base = Number(process.env.FAULT_PORT || 3500);
/** nginx on FAULT_PORT, instances on the next ports, fake providers after them. */
export const PORTS = { proxy: base, a: base + 1, b: base + 2, c: base + 3, sms: base + 10, pay: base + 11 };
export const METRICS_TOKEN = 'faults-only-metrics-token-0123456789';

export type SuiteState = { databaseUrl: string; pgDir: string; work: string };
export const readState = (): SuiteState => JSON.parse(readFileSync(STATE, 'utf8')) as SuiteState;
export function writeState(s: SuiteState) {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(STATE, JSON.stringify(s, null, 2));
}

export type Env = Record<string, string | undefined>;

/** What every instance of the suite shares; a test adds what its fault needs. */
export function suiteEnv(s: SuiteState, extra: Env = {}): Env {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR,
    DATABASE_URL: s.databaseUrl,
    APP_SECRET: 'faults-only-secret-never-used-in-production-0123456789',
    SCRYPT_LOG_N: '14',
    PAYMENT_PROVIDER: 'sandbox',
    DEMO_MODE: '1',
    ...E2E_PLATFORM_SECRETS,
    FILES_DIR: path.join(s.work, 'files'),
    SITE_URL: `http://127.0.0.1:${PORTS.proxy}`,
    METRICS_TOKEN,
    TRUST_PROXY: '1',
    PG_POOL_MAX: '5',
    // Many logins from one address in a few seconds are the load here, not an attack.
    LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    PASSWORD_HASH_QUEUE: '64',
    SHUTDOWN_DRAIN_MS: '0',
    HOSTNAME: '127.0.0.1',
    ...extra,
  };
}

export type Instance = { name: string; url: string; port: number; pid: number; log: string; child: ChildProcess };

/**
 * `node scripts/start.mjs` on `port` (as `npm start` runs it), optionally through a wrapper
 * (`unshare …`); resolves once /healthz answers. Output goes to OUT/<name>.log.
 */
export async function startInstance(name: string, port: number, env: Env, wrapper: string[] = []): Promise<Instance> {
  mkdirSync(OUT, { recursive: true });
  // Another process on the port would answer in this one's place.
  if (await listening(port)) throw new Error(`port ${port} is taken: another instance is still running there`);
  const log = path.join(OUT, `${name}.log`);
  const fd = openSync(log, 'a');
  const argv = [...wrapper, process.execPath, 'scripts/start.mjs'];
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: ROOT,
    env: { ...env, PORT: String(port) } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}):\n${tail(log)}`);
    try {
      // Its own line in its own log: it is this process that answers.
      if (
        (await fetch(`${url}/healthz`)).ok &&
        readFileSync(log, 'utf8').includes(`> ready on http://localhost:${port}`)
      )
        break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance ${name} did not start in 120 s:\n${tail(log)}`);
    await sleep(200);
  }
  return { name, url, port, pid: child.pid!, log, child };
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Ends an instance and everything it started (`npm start` runs the server as a child process on
 * Node 20): SIGKILL to its process group at once, or SIGTERM first (the launcher passes it on) and
 * SIGKILL to whatever is left. Resolves once its port is free.
 */
export async function stopInstance(inst: Instance, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  if (signal === 'SIGTERM') await stopProcess(inst.pid, 'SIGTERM');
  try {
    process.kill(-inst.pid, 'SIGKILL');
  } catch {
    // the group is gone
  }
  for (let i = 0; i < 100 && (await listening(inst.port)); i++) await sleep(50);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The JSON lines an instance has logged so far. */
export function logLines(inst: Pick<Instance, 'log'>): Record<string, unknown>[] {
  if (!existsSync(inst.log)) return [];
  return readFileSync(inst.log, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** The instance's /metrics text. */
export async function metricsOf(inst: Pick<Instance, 'url'>): Promise<string> {
  const r = await fetch(`${inst.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (r.status !== 200) throw new Error(`/metrics answered ${r.status}`);
  return r.text();
}

/** One sample of a metric (`name{labels}`), 0 when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ?? '';
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
}

/** SQL on the suite's database from the test itself (its own connection, closed after). */
export async function sql<T = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** scripts/pg-test-server.sh on the suite's cluster: `halt` (fast stop, data kept) or `resume`. */
export function cluster(cmd: 'halt' | 'resume', pgDir: string) {
  const r = spawnSync('bash', ['scripts/pg-test-server.sh', cmd, pgDir], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pg-test-server.sh ${cmd} failed: ${r.stderr}`);
}

/** A figure a case measured: printed now, and in the table global-teardown.ts prints at the end. */
export function figure(fault: string, what: string, value: string | number, promise = '') {
  mkdirSync(OUT, { recursive: true });
  appendFileSync(FIGURES, JSON.stringify({ fault, what, value, promise }) + '\n');
  console.log(`faults figure: [${fault}] ${what}: ${value}${promise ? `  (promise: ${promise})` : ''}`);
}

export function readFigures(): { fault: string; what: string; value: string | number; promise: string }[] {
  if (!existsSync(FIGURES)) return [];
  return readFileSync(FIGURES, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}
export const FIGURES_FILE = FIGURES;

export type Answer<T = unknown> = {
  status: number;
  ms: number;
  headers: Headers;
  body: { code: number; msg?: string; msgKey?: string; data?: T };
};

/** A contract call on one instance, timed. */
export async function api<T = unknown>(
  inst: Pick<Instance, 'url'>,
  name: import('../../lib/api/contract').CallName,
  opts: { body?: unknown; query?: Record<string, string>; token?: string } = {},
): Promise<Answer<T>> {
  const { contract } = await import('../../lib/api/contract');
  const def = contract[name];
  const url = new URL(`${inst.url}/api/${def.service}${def.path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const started = performance.now();
  const res = await fetch(url, {
    method: def.method,
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: opts.token } : {}) },
    body: def.method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as Answer<T>['body'];
  return { status: res.status, ms: Math.round(performance.now() - started), headers: res.headers, body };
}

/** A phone number nobody else uses in this run. */
let phones = 0;
const run = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
export const uniquePhone = () => `197${run}${String(++phones).padStart(4, '0')}`;

// The multi-instance test's fleet: a throwaway PostgreSQL cluster, migrated once and seeded, two
// production instances of the same build (`node scripts/start.mjs`, as `npm start` runs it) and
// nginx in front of them with deploy/nginx/portal.conf. Started by global-setup.ts, stopped by
// global-teardown.ts; the state file tells the tests where everything is.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_PLATFORM_SECRETS } from '../../e2e/support/platforms';

export const ROOT = path.resolve(__dirname, '..', '..');
export const OUT = path.join(ROOT, 'test-results', 'fleet');
const STATE = path.join(OUT, 'state.json');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

const base = Number(process.env.FLEET_PORT || 3220);
/** nginx listens on FLEET_PORT; instances A, B (and C, started by a test) on the next three. */
export const PORTS = { proxy: base, a: base + 1, b: base + 2, c: base + 3 };
export const METRICS_TOKEN = 'fleet-only-metrics-token-0123456789';

export type Instance = { name: string; url: string; port: number; pid: number; log: string };
export type FleetState = {
  databaseUrl: string;
  pgDir: string;
  work: string;
  a: Instance;
  b: Instance;
  proxy: { url: string; pid: number; dir: string } | null;
  nginxMissing?: string;
};

export function readState(): FleetState {
  return JSON.parse(readFileSync(STATE, 'utf8')) as FleetState;
}
export function writeState(s: FleetState) {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(STATE, JSON.stringify(s, null, 2));
}

/** What every process of the fleet shares: one database, one secret, one file store, one public URL. */
export type Env = Record<string, string | undefined>;

export function fleetEnv(databaseUrl: string, work: string): Env {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR,
    DATABASE_URL: databaseUrl,
    APP_SECRET: 'fleet-only-secret-never-used-in-production-0123456789',
    SCRYPT_LOG_N: '14',
    PAYMENT_PROVIDER: 'sandbox',
    DEMO_MODE: '1',
    ...E2E_PLATFORM_SECRETS,
    FILES_DIR: path.join(work, 'files'),
    SITE_URL: `http://127.0.0.1:${PORTS.proxy}`,
    METRICS_TOKEN,
    // One proxy hop (nginx) in front of every instance.
    TRUST_PROXY: '1',
    PG_POOL_MAX: '5',
    SHUTDOWN_DRAIN_MS: '300',
    HOSTNAME: '127.0.0.1',
  };
}

/** Runs a TypeScript script of scripts/ to completion, as npm runs it. */
export function runScript(script: string, env: Env, args: string[] = []) {
  const started = Date.now();
  const r = spawnSync(TSX, ['--conditions=react-server', `scripts/${script}`, ...args], {
    cwd: ROOT,
    env: env as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0) throw new Error(`${script} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return { out: r.stdout + r.stderr, ms: Date.now() - started };
}

export function startCluster(dir: string): string {
  const r = spawnSync('bash', ['scripts/pg-test-server.sh', 'start', dir, process.env.PG_TEST_PORT || '54329'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`PostgreSQL did not start: ${r.stderr}`);
  return r.stdout.trim();
}

export function stopCluster(dir: string) {
  spawnSync('bash', ['scripts/pg-test-server.sh', 'stop', dir], { cwd: ROOT });
}

/** Starts `node scripts/start.mjs` on `port`; resolves once /healthz answers. Output goes to OUT/<name>.log. */
export async function startInstance(name: string, port: number, env: Env): Promise<Instance & { child: ChildProcess }> {
  mkdirSync(OUT, { recursive: true });
  const log = path.join(OUT, `${name}.log`);
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
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
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance ${name} did not start in 120 s:\n${tail(log)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { name, url, port, pid: child.pid!, log, child };
}

export function tail(file: string, lines = 40) {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '(no log)';
}

/** The JSON lines an instance has logged so far. */
export function logLines(inst: Pick<Instance, 'log'>): Record<string, unknown>[] {
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

export function nginxBinary(): string | null {
  for (const p of [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'])
    if (p && existsSync(p)) return p;
  return null;
}

/**
 * deploy/nginx/portal.conf as shipped, with only what differs here changed: the instances'
 * addresses, the port it listens on and where it logs. Wrapped in a main configuration of its own
 * (the file is meant for /etc/nginx/conf.d/, inside the distribution's `http` block).
 */
export function nginxConfig(dir: string, ports: { proxy: number; a: number; b: number }) {
  const site = readFileSync(path.join(ROOT, 'deploy', 'nginx', 'portal.conf'), 'utf8');
  const changed = site
    .replace('127.0.0.1:3001', `127.0.0.1:${ports.a}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${ports.b}`)
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${ports.proxy};`)
    .replaceAll('/var/log/nginx/', `${dir}/`);
  if (changed.includes(':3001') || changed.includes('listen 80') || changed.includes('/var/log/nginx'))
    throw new Error('deploy/nginx/portal.conf changed shape: update fleet/support/fleet.ts');
  const tmp = path.join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  // Worker processes (nobody, when started as root) write buffered bodies here.
  chmodSync(tmp, 0o777);
  writeFileSync(path.join(dir, 'portal.conf'), changed);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  default_type application/octet-stream;',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${tmp}/${k};`),
      `  include ${dir}/portal.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  return path.join(dir, 'nginx.conf');
}

/** `nginx -t` on the configuration, then nginx in the foreground of a child process. */
export async function startNginx(dir: string, ports: { proxy: number; a: number; b: number }) {
  const bin = nginxBinary();
  if (!bin) throw new Error('nginx is not installed (apt-get install -y nginx; .ci/run installs it)');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const conf = nginxConfig(dir, ports);
  const check = spawnSync(bin, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const child = spawn(bin, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', openSync(path.join(dir, 'nginx.out'), 'a')],
    detached: true,
  });
  const url = `http://127.0.0.1:${ports.proxy}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}):\n${tail(path.join(dir, 'error.log'))}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 20 s:\n${tail(path.join(dir, 'error.log'))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, dir };
}

/** Sends `signal` to a process and waits for it to be gone; its exit code is not ours to read (not our child). */
export async function stopProcess(pid: number, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000) {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}

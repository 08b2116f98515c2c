// Shared by `npm run bench:pages` and `npm run audit:pages`: a freshly seeded
// embedded database and the production server (`npm start`) on PORT.
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';

export function requireBuild() {
  if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    console.error(`no production build in ${distDir}/ — run \`npm run build\` first.`);
    process.exit(1);
  }
}

const BENCH_SECRET = 'bench-only-secret-never-used-in-production-0123456789';

/** Environment of the benchmark server: its own database and files under .data/bench-*. */
export function benchEnv(port) {
  return {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: '',
    PGLITE_DIR: path.join(root, '.data', 'bench-pglite'),
    FILES_DIR: path.join(root, '.data', 'bench-files'),
    SITE_URL: `http://127.0.0.1:${port}`,
    APP_SECRET: process.env.APP_SECRET || BENCH_SECRET,
    SCRYPT_LOG_N: '14',
    // The demo switch (outbox, sandbox gateway, demo accounts) and the platform secrets, as in `npm run demo`.
    DEMO_MODE: '1',
    ...platformSecrets(),
  };
}

function platformSecrets() {
  const r = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['--conditions=react-server', 'scripts/platform-secrets.ts'],
    {
      cwd: root,
      env: { ...process.env, APP_SECRET: process.env.APP_SECRET || BENCH_SECRET },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`platform secrets: ${r.stderr}`);
  return Object.fromEntries([...r.stdout.matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]));
}

export function seedFresh(env) {
  rmSync(env.PGLITE_DIR, { recursive: true, force: true });
  rmSync(env.PGLITE_DIR + '.lock', { force: true });
  rmSync(env.FILES_DIR, { recursive: true, force: true });
  const r = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['--conditions=react-server', 'scripts/seed.ts'],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error('seeding the benchmark database failed');
  }
}

/** Starts `node scripts/start.mjs`; resolves once it listens. `lines` collects its output. */
export async function startServer(env) {
  const lines = [];
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let buf = '';
  const onData = (d) => {
    buf += d.toString();
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${lines.join('\n')}`);
    try {
      const r = await fetch(base + '/robots.txt');
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { base, lines, stop, cpuMs: () => serverCpuMs(child.pid) };
}

/**
 * CPU time (user + system, ms) the serving process has used so far, from /proc (Linux; null
 * elsewhere): start.mjs itself where it became the server (process.execve), else its child.
 */
function serverCpuMs(pid) {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const server = cmd.includes('server/main.mjs')
      ? pid
      : Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    const fields = readFileSync(`/proc/${server}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
  } catch {
    return null;
  }
}

/** The first article and the first document, found through the public API as a visitor would. */
export async function samplePages(base) {
  const news = await (
    await fetch(`${base}/api/core/api/InfoNews/QueryNewsForPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageIndex: 1, pageSize: 1 }),
    })
  ).json();
  const tree = await (
    await fetch(`${base}/api/docs/Api/V1/Eop/PublicAPI/GetWebKnowledgeList`, { method: 'POST' })
  ).json();
  const firstDoc = (nodes) => {
    for (const n of nodes) {
      if (n.documents.length) return n.documents[0];
      const d = firstDoc(n.children);
      if (d) return d;
    }
    return null;
  };
  const article = news.data.list[0];
  const doc = firstDoc(tree.data);
  if (!article || !doc) throw new Error('the seeded database has no article or no document');
  return { article, doc };
}

/** The seeded Gold member (13800000001) of `npm run demo`: the account the benches and the audit log in as. */
export const DEMO_MEMBER = { phone: '13800000001', password: 'Demo12345' };

/** A login token of the demo member, from the server at `base`. */
export async function memberToken(base) {
  const r = await fetch(`${base}/api/auth/api/UserLogin/UserLoginAPP`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_MEMBER),
  });
  const token = (await r.json()).data?.token;
  if (!token) throw new Error('the demo member could not log in');
  return token;
}

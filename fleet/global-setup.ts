// Starts the fleet (fleet/support/fleet.ts) once for every test file: PostgreSQL, migrations run
// once (as a release does before starting new instances), the demo data, instances A and B, and
// nginx in front. Whatever fails on the way is stopped again.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  fleetEnv,
  OUT,
  PORTS,
  ROOT,
  runScript,
  startCluster,
  startInstance,
  startNginx,
  stopCluster,
  stopProcess,
  writeState,
  type FleetState,
} from './support/fleet';
import { TIMINGS_FILE } from './support/timings';
import { existsSync } from 'node:fs';

export default async function globalSetup() {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID')))
    throw new Error(`no production build in ${distDir}/: run \`npm run build\` first (scripts/fleet-test.sh does)`);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  rmSync(TIMINGS_FILE, { force: true });
  const work = mkdtempSync(path.join(tmpdir(), 'yoonop-fleet-'));
  // Its own directory: as root the cluster runs as `postgres`, which must own it.
  const pgDir = mkdtempSync(path.join(tmpdir(), 'yoonop-fleet-pg-'));
  const started: number[] = [];
  try {
    const databaseUrl = startCluster(pgDir);
    const env = fleetEnv(databaseUrl, work);
    const migrated = runScript('migrate.ts', env);
    console.log(`fleet: ${migrated.out.trim()}`);
    const seeded = runScript('seed.ts', env);
    console.log(`fleet: seeded in ${seeded.ms} ms`);
    const [a, b] = await Promise.all([startInstance('a', PORTS.a, env), startInstance('b', PORTS.b, env)]);
    started.push(a.pid, b.pid);
    const state: FleetState = {
      databaseUrl,
      pgDir,
      work,
      a: { name: a.name, url: a.url, port: a.port, pid: a.pid, log: a.log },
      b: { name: b.name, url: b.url, port: b.port, pid: b.pid, log: b.log },
      proxy: null,
    };
    try {
      state.proxy = await startNginx(path.join(work, 'nginx'), PORTS);
      started.push(state.proxy.pid);
    } catch (e) {
      // The proxy tests fail with this message; the rest still runs.
      state.nginxMissing = e instanceof Error ? e.message : String(e);
      console.error(`fleet: ${state.nginxMissing}`);
    }
    writeState(state);
    console.log(`fleet: instances ${a.url} and ${b.url}${state.proxy ? `, nginx ${state.proxy.url}` : ''}`);
  } catch (e) {
    await Promise.all(started.map((pid) => stopProcess(pid)));
    stopCluster(pgDir);
    rmSync(work, { recursive: true, force: true });
    throw e;
  }
}

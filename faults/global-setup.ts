// The fault suite's database (faults/support/suite.ts): a throwaway PostgreSQL cluster, migrated
// and seeded once with the demo data. Each test starts its own instances.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runScript, startCluster, stopCluster } from '../fleet/support/fleet';
import { FIGURES_FILE, OUT, ROOT, suiteEnv, writeState } from './support/suite';

export default async function globalSetup() {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID')))
    throw new Error(`no production build in ${distDir}/: run \`npm run build\` first (scripts/fault-test.sh does)`);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  rmSync(FIGURES_FILE, { force: true });
  const work = mkdtempSync(path.join(tmpdir(), 'yoonop-faults-'));
  // Its own directory: as root the cluster runs as `postgres`, which must own it.
  const pgDir = mkdtempSync(path.join(tmpdir(), 'yoonop-faults-pg-'));
  try {
    const databaseUrl = startCluster(pgDir);
    const state = { databaseUrl, pgDir, work };
    const env = suiteEnv(state);
    console.log(`faults: ${runScript('migrate.ts', env).out.trim()}`);
    console.log(`faults: seeded in ${runScript('seed.ts', env).ms} ms`);
    writeState(state);
  } catch (e) {
    stopCluster(pgDir);
    rmSync(work, { recursive: true, force: true });
    throw e;
  }
}

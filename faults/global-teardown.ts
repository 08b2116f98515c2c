// Stops the cluster, and prints every figure the cases measured, beside the promise it checks.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stopCluster } from '../fleet/support/fleet';
import { OUT, readFigures, readState } from './support/suite';

export default async function globalTeardown() {
  if (existsSync(path.join(OUT, 'state.json'))) {
    const s = readState();
    stopCluster(s.pgDir);
    rmSync(s.work, { recursive: true, force: true });
  }
  const figures = readFigures();
  if (!figures.length) return;
  console.log('\nfault suite figures (docs/reliability.md):');
  let last = '';
  for (const f of figures) {
    if (f.fault !== last) console.log(`  ${f.fault}`);
    last = f.fault;
    console.log(
      `    ${f.what.padEnd(62)} ${String(f.value).padStart(12)}${f.promise ? `   promise: ${f.promise}` : ''}`,
    );
  }
}

// Stops what global-setup.ts (and the restart tests) started, and prints the timings.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { OUT, readState, stopCluster, stopProcess } from './support/fleet';
import { describeTiming, readTimings } from './support/timings';

export default async function globalTeardown() {
  if (existsSync(path.join(OUT, 'state.json'))) {
    const s = readState();
    const pids = [s.a.pid, s.b.pid, ...(s.proxy ? [s.proxy.pid] : [])];
    await Promise.all(pids.map((pid) => stopProcess(pid, 'SIGTERM')));
    stopCluster(s.pgDir);
    rmSync(s.work, { recursive: true, force: true });
  }
  const timings = readTimings();
  if (timings.length) {
    console.log('\nfleet timings (each change measured from the call that made it on one instance):');
    for (const t of timings) console.log(`  ${describeTiming(t)}`);
  }
}

// How long each change took to show on the other instance: recorded by the tests, printed by
// global-teardown.ts (and kept in test-results/fleet/timings.json).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { OUT } from './fleet';

const FILE = path.join(OUT, 'timings.jsonl');

/** limitMs: what the test requires (0: measured, not a requirement). */
export type Timing = { what: string; ms: number; limitMs: number };

export const describeTiming = (t: Timing) =>
  `${t.what.padEnd(66)} ${String(t.ms).padStart(6)} ms${t.limitMs ? `  (limit ${t.limitMs} ms)` : ''}`;

export function recordTiming(t: Timing) {
  appendFileSync(FILE, JSON.stringify(t) + '\n');
  console.log(`fleet timing: ${describeTiming(t)}`);
}

export function readTimings(): Timing[] {
  if (!existsSync(FILE)) return [];
  return readFileSync(FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Timing);
}

export const TIMINGS_FILE = FILE;

/**
 * Polls `check` every 25 ms until it is true; answers how long that took since `since`, or
 * fails after `limitMs` with what was last seen.
 */
export async function msUntil(
  what: string,
  since: number,
  limitMs: number,
  check: () => Promise<boolean | string>,
): Promise<number> {
  let last: boolean | string = false;
  for (;;) {
    last = await check();
    const ms = Math.round(performance.now() - since);
    if (last === true) {
      recordTiming({ what, ms, limitMs });
      return ms;
    }
    if (ms > limitMs) throw new Error(`${what}: not seen within ${limitMs} ms (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

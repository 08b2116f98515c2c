// Reads a jest (--json) or Playwright (json reporter) result file and prints
// "passed failed skipped" for test-all.sh. A stage that crashed (no file, or a
// non-zero exit with no failing test recorded) counts as at least 1 failed.
//   node scripts/count-results.mjs jest|playwright FILE EXIT_CODE
import { existsSync, readFileSync } from 'node:fs';

const [kind, file, exitArg] = process.argv.slice(2);
const exit = Number(exitArg ?? 1);

function read() {
  if (!file || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function count(r) {
  if (!r) return { passed: 0, failed: 0, skipped: 0, crashed: true };
  if (kind === 'jest') {
    return {
      passed: r.numPassedTests ?? 0,
      // A suite that fails to load (syntax error, throwing import) runs no tests at all.
      failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0),
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
      crashed: r.success === false,
    };
  }
  if (kind === 'playwright') {
    const s = r.stats ?? {};
    return {
      passed: (s.expected ?? 0) + (s.flaky ?? 0),
      failed: s.unexpected ?? 0,
      skipped: s.skipped ?? 0,
      // Global errors: the web server did not start, a config or import failed, ...
      crashed: (r.errors ?? []).length > 0,
    };
  }
  throw new Error(`unknown result kind: ${kind}`);
}

const c = count(read());
let failed = c.failed;
if ((c.crashed || exit !== 0) && failed === 0) failed = 1;
console.log(`${c.passed} ${failed} ${c.skipped}`);

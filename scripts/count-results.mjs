// Reads a jest (--json) or Playwright (json reporter) result file and prints
// "passed failed skipped" for test-all.sh. A stage that crashed (no file, or a
// non-zero exit with no failing test recorded) counts as at least 1 failed.
// With `--names` it prints one line per failed test instead (file › title: first
// error line), so the summary at the end of a CI log says which test failed.
//   node scripts/count-results.mjs jest|playwright FILE EXIT_CODE [--names]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [kind, file, exitArg, mode] = process.argv.slice(2);
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

/** The first line of an error message, without terminal colours, kept short. */
function firstLine(text) {
  const line =
    String(text ?? '')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 200);
}

function failures(r) {
  if (!r) return [];
  if (kind === 'jest') {
    return (r.testResults ?? []).flatMap((suite) => {
      const file = path.relative(process.cwd(), suite.name ?? '');
      const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (failed.length === 0 && suite.status === 'failed') return [`${file}: ${firstLine(suite.message)}`];
      return failed.map((t) => `${file} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    });
  }
  const out = [];
  const walk = (s, titles) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.at(-1);
        const where = `${spec.file}:${spec.line} [${t.projectName}]`;
        out.push(`${where} › ${[...titles, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of s.suites ?? []) walk(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const s of r.suites ?? []) walk(s, []);
  return [...out, ...(r.errors ?? []).map((e) => `global error: ${firstLine(e.message)}`)];
}

if (mode === '--names') {
  for (const line of failures(read())) console.log(line);
  process.exit(0);
}

const c = count(read());
let failed = c.failed;
if ((c.crashed || exit !== 0) && failed === 0) failed = 1;
console.log(`${c.passed} ${failed} ${c.skipped}`);

// Merges jest --json result files into one (test-dates.sh runs the same suites on several days):
// counts are summed, and each suite's name gets its file's day so a failure says which day.
//   node scripts/merge-jest-results.mjs OUT IN...
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const [out, ...inputs] = process.argv.slice(2);
const COUNTS = ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests', 'numRuntimeErrorTestSuites'];
const merged = { success: true, testResults: [], ...Object.fromEntries(COUNTS.map((k) => [k, 0])) };
for (const file of inputs) {
  const day = file.split('.').at(-1);
  if (!existsSync(file)) {
    // A run that wrote nothing crashed: count it as a failed suite.
    merged.success = false;
    merged.numRuntimeErrorTestSuites += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  for (const k of COUNTS) merged[k] += r[k] ?? 0;
  merged.success &&= r.success !== false;
  for (const s of r.testResults ?? []) merged.testResults.push({ ...s, name: `${s.name} [${day}]` });
  rmSync(file);
}
writeFileSync(out, JSON.stringify(merged));

// Part of `npm run lint`: no source file over 500 lines (docs/contributing.md#small-files). Typed copy
// (content/), generated files (drizzle/, lock files) and data are not source. A file that grows
// past the limit is split by concern, as components/shared/market/ui/ was.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINES = 500;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|css|sh)$/;
const NOT_SOURCE = /^(content|drizzle|data|public|node_modules)\/|(^|\/)next-env\.d\.ts$/;

// Tracked files and new ones not ignored, as git sees the working tree.
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((f) => SOURCE.test(f) && !NOT_SOURCE.test(f));

const long = [];
for (const f of files) {
  let text;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES) long.push({ f, lines });
}

if (long.length) {
  for (const { f, lines } of long) console.error(`${f}: ${lines} lines (at most ${MAX_LINES}); split it by concern`);
  process.exit(1);
}
console.log(`check-file-lines: ${files.length} source files, none over ${MAX_LINES} lines`);

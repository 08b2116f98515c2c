// Runs after `next build` (see package.json "build"): marks the client chunks
// that pages load at start-up with V8's explicit compile hint
// (`//# allFunctionsCalledOnLoad`, Chrome 136+; other engines ignore it).
// Without it V8 compiles each function lazily on the main thread the first
// time it runs, and module start-up plus hydration call most of React, the
// router and our islands at once: on the audited mobile pages that lazy
// compile was the largest part of the longest tasks. With the hint the
// functions compile on the background thread that streams the script.
// Chunks that load later (dialogs, antd-mobile sheets) are left alone, so
// nothing compiles ahead that a visitor may never use — but for the chart
// chunk (recharts): the market pages ask for it as they start and run it at
// once (components/shared/market/early-calls.ts). Compiled lazily, its
// evaluation was one of their longest tasks on a phone (230–560 ms at
// Lighthouse's 4× slowdown).
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

export const HINT = '//# allFunctionsCalledOnLoad\n';

/** Chunk paths (relative to the dist dir, `static/chunks/…`) that some page's HTML loads. */
export function startupChunks(distDir) {
  const files = new Set();
  const build = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  for (const f of build.rootMainFiles ?? []) files.add(f);
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('_client-reference-manifest.js')) {
        // The manifest is a script that assigns globalThis.__RSC_MANIFEST[route].
        const sandbox = { globalThis: {} };
        sandbox.globalThis = sandbox;
        vm.runInNewContext(readFileSync(p, 'utf8'), sandbox);
        for (const route of Object.values(sandbox.__RSC_MANIFEST ?? {})) {
          for (const list of Object.values(route.entryJSFiles ?? {})) for (const f of list) files.add(f);
        }
      }
    }
  };
  const appDir = path.join(distDir, 'server', 'app');
  if (existsSync(appDir)) walk(appDir);
  return [...files].filter((f) => f.endsWith('.js'));
}

// What marks the chart chunk: a class name recharts gives every line it draws.
const CHART_MARK = 'recharts-line-curve';

/** Chunk paths (relative to the dist dir) of the chart code the market pages load as they start. */
export function chartChunks(distDir) {
  const dir = path.join(distDir, 'static', 'chunks');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes(CHART_MARK))
    .map((f) => `static/chunks/${f}`);
}

/** Prepends the hint to each start-up chunk and the chart chunk once; returns how many files it changed. */
export function addCompileHints(distDir) {
  let changed = 0;
  for (const rel of [...startupChunks(distDir), ...chartChunks(distDir)]) {
    const file = path.join(distDir, rel);
    if (!existsSync(file)) continue;
    const src = readFileSync(file, 'utf8');
    if (src.startsWith(HINT)) continue;
    writeFileSync(file, HINT + src);
    changed += 1;
  }
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || '.next');
  const total = startupChunks(distDir).length;
  const charts = chartChunks(distDir).length;
  const changed = addCompileHints(distDir);
  console.log(`compile hints: ${total} start-up chunks and ${charts} chart chunk(s) (${changed} marked now)`);
}

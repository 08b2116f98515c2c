// scripts/compile-hints.mjs, run by `npm run build`: the chunks a page loads at
// start-up carry V8's compile hint once, and so does the chart chunk the market pages run as they
// start; other chunks loaded later stay as built.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HINT = '//# allFunctionsCalledOnLoad\n';
let dist: string;

function chunk(name: string, body = `console.log(${JSON.stringify(name)});`) {
  writeFileSync(path.join(dist, 'static', 'chunks', name), body);
}

const run = () =>
  spawnSync(process.execPath, ['scripts/compile-hints.mjs'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, NEXT_DIST_DIR: dist },
    encoding: 'utf8',
  });

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  const routeDir = path.join(dist, 'server', 'app', '[locale]', '(mobile)', 'page');
  mkdirSync(routeDir, { recursive: true });
  writeFileSync(
    path.join(dist, 'build-manifest.json'),
    JSON.stringify({
      rootMainFiles: ['static/chunks/react.js', 'static/chunks/runtime.js'],
      polyfillFiles: ['static/chunks/nomodule.js'],
    }),
  );
  const manifest = {
    '/[locale]/(mobile)/page': {
      entryJSFiles: {
        '[project]/app/[locale]/layout': ['static/chunks/layout.js'],
        '[project]/app/[locale]/(mobile)/page': ['static/chunks/layout.js', 'static/chunks/page.js'],
      },
    },
  };
  writeFileSync(
    path.join(routeDir, 'page_client-reference-manifest.js'),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/[locale]/(mobile)/page"] = ${JSON.stringify(manifest['/[locale]/(mobile)/page'])};\n`,
  );
  for (const name of ['react.js', 'runtime.js', 'layout.js', 'page.js', 'dialog-lazy.js', 'nomodule.js']) chunk(name);
  chunk('charts-lazy.js', 'x.className="recharts-line-curve";');
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

const read = (name: string) => readFileSync(path.join(dist, 'static', 'chunks', name), 'utf8');

test('start-up chunks (framework and every entry of the client manifests) and the chart chunk get the hint; other lazy and nomodule chunks do not', () => {
  const r = run();
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('4 start-up chunks and 1 chart chunk(s) (5 marked now)');
  for (const name of ['react.js', 'runtime.js', 'layout.js', 'page.js'])
    expect(read(name)).toBe(`${HINT}console.log("${name}");`);
  expect(read('charts-lazy.js')).toBe(`${HINT}x.className="recharts-line-curve";`);
  expect(read('dialog-lazy.js')).toBe('console.log("dialog-lazy.js");');
  expect(read('nomodule.js')).toBe('console.log("nomodule.js");');
});

test('running it again changes nothing (one hint per file)', () => {
  run();
  const r = run();
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('(0 marked now)');
  expect(read('page.js')).toBe(`${HINT}console.log("page.js");`);
});

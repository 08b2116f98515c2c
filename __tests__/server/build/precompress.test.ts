// scripts/precompress.mjs, run last by `npm run build`: Brotli and gzip copies beside each build asset worth it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

let dist: string;
const chunks = () => path.join(dist, 'static', 'chunks');
const run = () =>
  spawnSync(process.execPath, ['scripts/precompress.mjs'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, NEXT_DIST_DIR: dist },
    encoding: 'utf8',
  });

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  mkdirSync(chunks(), { recursive: true });
  writeFileSync(path.join(chunks(), 'app.js'), `self.a = ${JSON.stringify('chunk '.repeat(800))};`);
  writeFileSync(path.join(chunks(), 'page.css'), `.a{color:red}\n`.repeat(200));
  writeFileSync(path.join(chunks(), 'tiny.js'), 'self.b = 1;');
  writeFileSync(path.join(chunks(), 'logo.png'), Buffer.alloc(4096, 7));
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

it('writes .br and .gz copies that decompress to each script and stylesheet, and leaves tiny files and images alone', () => {
  const r = run();
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('2 build assets');
  for (const name of ['app.js', 'page.css']) {
    const file = path.join(chunks(), name);
    expect(zlib.brotliDecompressSync(readFileSync(file + '.br')).equals(readFileSync(file))).toBe(true);
    expect(zlib.gunzipSync(readFileSync(file + '.gz')).equals(readFileSync(file))).toBe(true);
  }
  expect(existsSync(path.join(chunks(), 'tiny.js.br'))).toBe(false);
  expect(existsSync(path.join(chunks(), 'logo.png.br'))).toBe(false);
});

it('makes copies again only for files changed since', () => {
  run();
  const file = path.join(chunks(), 'app.js');
  const before = statSync(file + '.br').mtimeMs;
  expect(run().stdout).toContain('0 build assets');
  writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
  const later = new Date(Date.now() + 5_000);
  utimesSync(file, later, later);
  expect(run().stdout).toContain('1 build assets');
  expect(statSync(file + '.br').mtimeMs).toBeGreaterThan(before);
  expect(
    zlib
      .brotliDecompressSync(readFileSync(file + '.br'))
      .toString()
      .startsWith('//# allFunctionsCalledOnLoad'),
  ).toBe(true);
});

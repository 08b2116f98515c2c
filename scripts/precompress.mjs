// Runs last in `npm run build` (after scripts/compile-hints.mjs, which edits
// chunks): writes a Brotli (`.br`, best quality) and a gzip (`.gz`) copy beside
// each build asset worth compressing, for server/static-assets.ts to send as
// they are. Brotli at its best quality is too slow to make per request (about
// half a second for the largest chunk) but makes the scripts a page loads about
// an eighth smaller than gzip. Copies older than their file are made again.
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const WORTH = /\.(js|css|json|svg|txt|wasm)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (WORTH.test(e.name)) yield p;
  }
}

const fresh = (copy, source) => existsSync(copy) && statSync(copy).mtimeMs >= statSync(source).mtimeMs;

/** Writes the missing or stale copies under `${distDir}/static`; resolves to how many files it compressed. */
export async function precompress(distDir) {
  const staticDir = path.join(distDir, 'static');
  if (!existsSync(staticDir)) return 0;
  const todo = [...files(staticDir)].filter(
    (f) => statSync(f).size >= MIN_BYTES && !(fresh(f + '.br', f) && fresh(f + '.gz', f)),
  );
  // zlib's async calls run on libuv's thread pool: a few at a time use the cores without queueing everything.
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const file = todo[next++];
      const body = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gzip(body, { level: 9 }),
      ]);
      writeFileSync(file + '.br', br);
      writeFileSync(file + '.gz', gz);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return todo.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || '.next');
  const started = Date.now();
  const n = await precompress(distDir);
  console.log(
    `precompress: ${n} build assets written as .br and .gz (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

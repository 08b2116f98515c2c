// Empties the page cache that Next fills at run time (<distDir>/server/route-cache).
// Pages render on first request and are kept there; their expiry marks
// (revalidatePath) live in the server's memory only. A new process therefore
// starts with an empty page cache, so it never serves a page rendered against a
// database that changed meanwhile (a re-seed, another instance's edit).
// Build output (server/app) is left alone. Usage: node scripts/clear-page-cache.mjs
// A plain-Node tool outside the app: it reads its own settings from process.env, not through
// lib/server/env.ts (docs/architecture.md, "Configuration").
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function clearPageCache(root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')) {
  const dir = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'server', 'route-cache');
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`page cache cleared: ${clearPageCache()}`);

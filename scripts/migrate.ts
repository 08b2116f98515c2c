// `npm run db:migrate`: applies the committed migrations to the configured
// database (PostgreSQL when DATABASE_URL is set, else the embedded PGlite dir).
// Run with `tsx --conditions=react-server` so `import 'server-only'` resolves.
import { closeDb, getHandle } from '@/lib/server/db/client';
import { appliedMigrations, migrate } from '@/lib/server/db/migrate';
import { env } from '@/lib/server/env';
import { describeTarget } from './target';

async function main() {
  // `npm start` runs this first: a missing or bad variable stops the start here, named.
  try {
    env();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  const started = Date.now();
  const { db, kind } = await getHandle();
  try {
    const before = await appliedMigrations(db);
    await migrate(db, kind);
    const after = await appliedMigrations(db);
    const what = after > before ? `applied ${after - before} migration(s)` : 'nothing to apply';
    console.log(`migrate: ${describeTarget(kind)}: ${what}, ${after} in total (${Date.now() - started} ms)`);
  } finally {
    // Closing releases PGlite's lock file so the next process can open the dir.
    await closeDb();
  }
}

main().catch((e) => {
  console.error('migrate failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});

// `npm run db:seed`: migrates, then fills the database with demo data. Every
// seeder is idempotent (upserts by natural key), so running this twice changes
// nothing the second time. A new domain adds one line to SEEDERS.
import type { Db } from '@/lib/server/db/client';
import { closeDb, getHandle } from '@/lib/server/db/client';
import { appliedMigrations, migrate } from '@/lib/server/db/migrate';
import { env } from '@/lib/server/env';
import { DEMO_ACCOUNTS, seedAccounts } from '@/lib/server/seed/accounts';
import { seedCommerce } from '@/lib/server/seed/commerce';
import { seedFeedback } from '@/lib/server/seed/feedback';
import { seedContent } from '@/lib/server/seed/content';
import { seedMarket } from '@/lib/server/seed/market';
import { seedMarketBriefs } from '@/lib/server/seed/briefs';
import { describeTarget } from './target';

type Seeder = { name: string; run: (db: Db, demo: boolean) => Promise<unknown> };

// `demo` (DEMO_MODE=1) adds the demo accounts, whose passwords are public, and what they hold.
const SEEDERS: Seeder[] = [
  { name: 'accounts', run: (db, demo) => seedAccounts(db, { demo }) },
  { name: 'commerce', run: (db) => seedCommerce(db) },
  { name: 'feedback', run: (db, demo) => seedFeedback(db, { demo }) },
  { name: 'content', run: (db) => seedContent(db) },
  { name: 'market', run: (db, demo) => seedMarket(db, new Date(), { demo }) },
  // Written from the market data: after it.
  { name: 'briefs', run: (db) => seedMarketBriefs(db) },
];

/** One line per seeder: whatever summary it returned, else just "done". */
function summarize(result: unknown): string {
  if (result === undefined || result === null) return 'done';
  if (typeof result === 'string' || typeof result === 'number') return String(result);
  if (Array.isArray(result)) return `${result.length} item(s)`;
  if (typeof result === 'object') {
    return Object.entries(result)
      .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(', ');
  }
  return String(result);
}

async function main() {
  const { db, kind } = await getHandle();
  try {
    const before = await appliedMigrations(db);
    await migrate(db, kind);
    const applied = (await appliedMigrations(db)) - before;
    console.log(
      `seed: ${describeTarget(kind)} (${applied ? `applied ${applied} migration(s) first` : 'schema up to date'})`,
    );
    const demo = env().DEMO_MODE;
    for (const s of SEEDERS) {
      const t = Date.now();
      const result = await s.run(db, demo);
      console.log(`  ${s.name}: ${summarize(result)} (${Date.now() - t} ms)`);
    }
    if (!demo) {
      console.log('demo accounts: none (they have public passwords; DEMO_MODE=1 creates them)');
      return;
    }
    console.log('demo accounts (phone / password / role):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.phone} / ${a.password} / ${a.role}`);
  } finally {
    await closeDb();
  }
}

main().catch((e) => {
  console.error('seed failed:', e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});

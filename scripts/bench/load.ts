// Fills a database for the benchmarks through the real import pipeline (lib/server/services/
// market/import-file.ts): demo series for every demo product in the given markets, daily,
// plus membership levels, the data-product catalogue and a platinum member with a session.
import { sql } from 'drizzle-orm';
import { createSession } from '@/lib/server/auth/sessions';
import type { Db } from '@/lib/server/db/client';
import { memberLevels, users } from '@/lib/server/db/schema';
import { demoRowCount, generateDemoSeries } from '@/lib/server/market/demo-series';
import { MEMBER_LEVELS } from '@/lib/server/seed/accounts';
import { seedDataProducts } from '@/lib/server/seed/market';
import { importRows } from '@/lib/server/services/market/import-file';

export async function loadBench(db: Db, opts: { from: string; to: string; markets: readonly string[]; label: string }) {
  const expected = demoRowCount({ from: opts.from, to: opts.to, markets: opts.markets });
  let last = 0;
  const t0 = performance.now();
  const summary = await importRows(
    db,
    generateDemoSeries({ from: opts.from, to: opts.to, markets: opts.markets, seed: 'bench' }),
    {
      onRows: (n) => {
        if (n - last >= 1_000_000 || n === expected) {
          last = n;
          console.log(
            `  ${opts.label}: ${n.toLocaleString('en')} / ${expected.toLocaleString('en')} rows (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
          );
        }
      },
    },
  );
  for (const l of MEMBER_LEVELS) await db.insert(memberLevels).values(l).onConflictDoNothing();
  await seedDataProducts(db);
  const [u] = await db
    .insert(users)
    .values({ phone: '19900000001', passwordHash: 'scrypt$bench', nickname: 'bench' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const userId = u?.id ?? (await db.select({ id: users.id }).from(users).where(sql`phone = '19900000001'`))[0]!.id;
  await db.execute(sql`INSERT INTO user_memberships (user_id, level_id, starts_at, ends_at)
    SELECT ${userId}, id, now() - interval '1 day', now() + interval '1 year' FROM member_levels WHERE code = 'platinum'`);
  const token = await benchSession(db, userId);
  await db.execute(sql`ANALYZE`);
  return { summary, token, seconds: (performance.now() - t0) / 1000 };
}

/** A new session for the bench's platinum member (loaded earlier). */
export async function benchSession(db: Db, userId?: string): Promise<string> {
  const id = userId ?? (await db.select({ id: users.id }).from(users).where(sql`phone = '19900000001'`))[0]?.id;
  if (!id) throw new Error('the bench member is missing: load the database first');
  return (await createSession(db, id, {})).token;
}

/** The URL of a database an earlier run loaded, with its row count, or null when there is none. */
export async function reuseLoaded(clusterUrl: string, name: string): Promise<{ url: string; rows: number } | null> {
  const u = new URL(clusterUrl);
  u.pathname = '/' + name;
  const { Client } = await import('pg');
  const c = new Client({ connectionString: u.toString() });
  try {
    await c.connect();
    const r = await c.query<{ n: string }>('SELECT count(*) AS n FROM price_observations');
    const rows = Number(r.rows[0]?.n ?? 0);
    return rows > 0 ? { url: u.toString(), rows } : null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}

import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Db } from './client';

export const MIGRATIONS_DIR = path.join(process.cwd(), 'drizzle');
// Any fixed number: the advisory lock key that serialises migrations on one PostgreSQL.
const MIGRATION_LOCK = 727_001;

/** Applies the committed drizzle-kit migrations (idempotent). */
export async function migrate(db: Db, kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const { migrate: m } = await import('drizzle-orm/pglite/migrator');
    await m(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    // Instances started together each migrate (scripts/start.mjs): one at a time, on a connection
    // holding a session lock, so the second finds the work done instead of racing to create tables.
    const [{ drizzle }, { migrate: m }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const client = await (db as unknown as { $client: Pool }).$client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await m(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  }
}

/** How many migrations drizzle has recorded as applied (0 on an empty database). */
export async function appliedMigrations(db: Db): Promise<number> {
  type Rows = { rows: Record<string, unknown>[] };
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  )) as unknown as Rows;
  if (!exists.rows[0]?.ok) return 0;
  const res = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as Rows;
  return Number(res.rows[0]?.n ?? 0);
}

/** How many migrations this release carries (drizzle/meta/_journal.json). */
export function committedMigrations(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

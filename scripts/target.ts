import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';

/** A printable name for the database a script works on, without the password. */
export function describeTarget(kind: 'pglite' | 'postgres'): string {
  if (kind === 'pglite') {
    const memory = process.env.DATABASE_URL?.startsWith('memory://');
    return memory ? 'in-memory embedded database' : `embedded database ${process.env.PGLITE_DIR || '.data/pglite'}`;
  }
  try {
    const u = new URL(process.env.DATABASE_URL ?? '');
    if (u.password) u.password = '***';
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
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

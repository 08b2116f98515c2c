import 'server-only';
import path from 'node:path';
import type { Db } from './client';

export const MIGRATIONS_DIR = path.join(process.cwd(), 'drizzle');

/** Applies the committed drizzle-kit migrations (idempotent). */
export async function migrate(db: Db, kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const { migrate: m } = await import('drizzle-orm/pglite/migrator');
    await m(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate: m } = await import('drizzle-orm/node-postgres/migrator');
    await m(db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

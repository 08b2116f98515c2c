import 'server-only';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import type { Db } from './client';
import { queryLogger } from './query-log';
import * as schema from './schema';

export async function openPostgres(url: string) {
  const pool = new Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  // An idle connection the server ends (restart, failover, a dropped test database) emits
  // 'error' on the pool; unheard, that crashes the process. The pool replaces it on next use.
  pool.on('error', (e) => console.error(`[db] idle PostgreSQL connection lost: ${e.message}`));
  const db = drizzle(pool, { schema, logger: queryLogger() }) as unknown as Db;
  return { db, kind: 'postgres' as const, close: () => pool.end() };
}

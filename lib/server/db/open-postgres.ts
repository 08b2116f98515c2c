import 'server-only';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import type { Db } from './client';
import { queryLogger } from './query-log';
import * as schema from './schema';

export async function openPostgres(url: string) {
  const pool = new Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  const db = drizzle(pool, { schema, logger: queryLogger() }) as unknown as Db;
  return { db, kind: 'postgres' as const, close: () => pool.end() };
}

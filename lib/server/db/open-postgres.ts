import 'server-only';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { env } from '../env';
import type { Db, PoolStats } from './client';
import { queryLogger } from './query-log';
import * as schema from './schema';

export async function openPostgres(url: string) {
  const { PG_POOL_MAX: max, PG_CONNECT_TIMEOUT_MS } = env();
  // A connection (or a place in the pool's queue) that does not come within the timeout fails the
  // request instead of hanging it; keep-alive finds a peer that vanished (docs/reliability.md).
  const pool = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection the server ends (restart, failover, a dropped test database) emits
  // 'error' on the pool; unheard, that crashes the process. The pool replaces it on next use.
  pool.on('error', (e) => console.error(`[db] idle PostgreSQL connection lost: ${e.message}`));
  const db = drizzle(pool, { schema, logger: queryLogger() }) as unknown as Db;
  const stats = (): PoolStats => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, kind: 'postgres' as const, close: () => pool.end(), stats };
}

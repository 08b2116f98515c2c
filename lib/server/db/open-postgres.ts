import 'server-only';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool, type PoolClient } from 'pg';
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
  giveBackDeadConnections(pool);
  const db = drizzle(pool, { schema, logger: queryLogger() }) as unknown as Db;
  const stats = (): PoolStats => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, kind: 'postgres' as const, close: () => pool.end(), stats };
}

/**
 * A connection that ends while it is checked out goes back to the pool at once, which drops it
 * (docs/reliability.md, "Database restart"). Without this a PostgreSQL restart under load left
 * connections counted in use for good: drizzle-orm's node-postgres transaction() (0.45) sends BEGIN
 * before the try/finally that releases its client, so a BEGIN cut off by the restart (57P01) never
 * gives the client back (drizzle-orm issue 6241). In the fault suite one instance kept 2 of its 5,
 * both logins whose BEGIN failed. The holder's own release, should it come, does nothing.
 *
 * Each connection also gets an 'error' listener of its own: pg-pool listens only while a connection
 * is idle, and a checked-out one that PostgreSQL cuts between two statements (a login hashing its
 * password inside its transaction) would otherwise throw an uncaught exception. The holder learns
 * of it from its next statement, which fails.
 */
export function giveBackDeadConnections(pool: Pool) {
  const checkedOut = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    client.on('end', () => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => {};
      release(new Error('PostgreSQL connection ended while in use'));
    });
  });
}

import 'server-only';
import type { Db, Tx } from './client';

type PgliteLike = { query: (q: string, params?: unknown[], options?: { blob?: Blob }) => Promise<unknown> };
type PgLike = { query: (q: string, params?: unknown[]) => Promise<unknown>; release: () => void };

/**
 * The driver's own client under a drizzle db or transaction, for the few things drizzle has
 * no API for (PGlite's COPY from a blob). Drizzle keeps it on `session.client` for both drivers.
 */
export function rawClient(db: Db | Tx): { kind: 'pglite'; client: PgliteLike } | { kind: 'postgres'; client: PgLike } {
  const client = (db as unknown as { session: { client: unknown } }).session.client as Record<string, unknown>;
  // node-postgres: a Pool or a checked-out PoolClient; PGlite: the instance or its Transaction.
  const isPg = typeof client.release === 'function' || typeof client.connect === 'function' && 'totalCount' in client;
  return isPg ? { kind: 'postgres', client: client as unknown as PgLike } : { kind: 'pglite', client: client as unknown as PgliteLike };
}

import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { jsonColumn } from './json-column';

type PgliteLike = {
  query: (q: string, params?: unknown[], options?: { blob?: Blob; rowMode?: 'array' | 'object' }) => Promise<unknown>;
};
type PgLike = { query: (q: string, params?: unknown[]) => Promise<unknown>; release: () => void };

/**
 * The driver's own client under a drizzle db or transaction, for the few things drizzle has
 * no API for (PGlite's COPY from a blob). Drizzle keeps it on `session.client` for both drivers.
 */
export function rawClient(db: Db | Tx): { kind: 'pglite'; client: PgliteLike } | { kind: 'postgres'; client: PgLike } {
  const client = (db as unknown as { session: { client: unknown } }).session.client as Record<string, unknown>;
  // node-postgres: a Pool or a checked-out PoolClient; PGlite: the instance or its Transaction.
  const isPg = typeof client.release === 'function' || (typeof client.connect === 'function' && 'totalCount' in client);
  return isPg
    ? { kind: 'postgres', client: client as unknown as PgLike }
    : { kind: 'pglite', client: client as unknown as PgliteLike };
}

/**
 * Rows as arrays (no object per row), for the big reads of the data calls: both drivers can
 * return them, and a series answer passes them through as its points.
 */
type PgConfigQuery<T> = {
  query: (config: { text: string; values: unknown[]; rowMode: 'array' }) => Promise<{ rows: T[] }>;
};

export async function queryArrays<T extends unknown[]>(db: Db | Tx, q: SQL): Promise<T[]> {
  const { sql: text, params } = (
    db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(q);
  const raw = rawClient(db);
  if (raw.kind === 'pglite')
    return ((await raw.client.query(text, params, { rowMode: 'array' })) as { rows: T[] }).rows;
  const pg = raw.client as unknown as PgConfigQuery<T>;
  const res = await pg.query({ text, values: params, rowMode: 'array' });
  return res.rows;
}

/**
 * The rows of `rows` (a subquery) as tuples of `tuple`, in `order`, built by the database into one
 * JSON array: one field the driver hands to JSON.parse once, instead of thousands of rows it parses
 * field by field. For a five-year daily series of three regions (5,481 rows) that field-by-field
 * parse, and the garbage it leaves, were a third of an unrepeated request's time
 * (docs/decisions/series-as-json.md).
 */
export async function queryTuples<T extends unknown[]>(db: Db | Tx, tuple: SQL, rows: SQL, order: SQL): Promise<T[]> {
  const [row] = await queryArrays<[T[] | string | null]>(
    db,
    sql`SELECT json_agg(json_build_array(${tuple}) ORDER BY ${order}) FROM (${rows}) s`,
  );
  const value = row?.[0] ?? null;
  return value === null ? [] : jsonColumn<T[]>(value);
}

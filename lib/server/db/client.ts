import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { env } from '../env';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Connections of a PostgreSQL pool: in use = total − idle; waiting = callers queued for one. */
export type PoolStats = { max: number; total: number; idle: number; waiting: number };
type Handle = { db: Db; close: () => Promise<void>; kind: 'pglite' | 'postgres'; stats?: () => PoolStats };

const g = globalThis as unknown as { __yoonopDb?: Promise<Handle> };

/**
 * The lazy per-process database: node-postgres when DATABASE_URL is set, else
 * PGlite under PGLITE_DIR ("memory://" for an in-memory one). Never opened
 * while `next build` runs.
 */
export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db);
}

export function getHandle(): Promise<Handle> {
  if (env().NEXT_PHASE === 'phase-production-build') {
    throw new Error('The database is not opened during `next build`; render this page dynamically.');
  }
  g.__yoonopDb ??= open().catch((e) => {
    g.__yoonopDb = undefined;
    throw e;
  });
  return g.__yoonopDb;
}

/** Replace the process database (tests give each file its own). */
export function setHandle(h: Handle | undefined) {
  g.__yoonopDb = h ? Promise.resolve(h) : undefined;
}

/** The open database, if this process has opened one (never opens it). */
export function openedHandle(): Promise<Handle> | undefined {
  return g.__yoonopDb;
}

export async function closeDb() {
  const h = g.__yoonopDb;
  g.__yoonopDb = undefined;
  if (h) await (await h).close();
}

async function open(): Promise<Handle> {
  const e = env();
  if (e.DATABASE_URL && !e.DATABASE_URL.startsWith('memory://')) {
    const { openPostgres } = await import('./open-postgres');
    return openPostgres(e.DATABASE_URL);
  }
  const { openPglite } = await import('./open-pglite');
  return openPglite(e.DATABASE_URL?.startsWith('memory://') ? 'memory://' : e.PGLITE_DIR);
}

/** Raw SQL with typed rows; both drivers answer `{ rows }`. */
export async function query<T>(db: Db | Tx, q: SQL): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows: T[] };
  return res.rows;
}

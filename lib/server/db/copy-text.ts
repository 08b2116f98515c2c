import 'server-only';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { Tx } from './client';
import { rawClient } from './raw-client';

/**
 * Appends rows to a table with `COPY … FROM` in PostgreSQL's text format (tab-separated, `\N`
 * for null): on PostgreSQL through pg-copy-streams, on PGlite from a blob. One writer for both
 * databases; the table and columns are drizzle's objects, so a rename is a type error here too.
 */
export async function copyText(tx: Tx, table: PgTable, columns: readonly PgColumn[], text: string) {
  if (!text) return;
  const target = `"${getTableName(table)}" (${columns.map((c) => `"${c.name}"`).join(', ')})`;
  const raw = rawClient(tx);
  if (raw.kind === 'postgres') {
    const stream = (raw.client as unknown as PoolClient).query(copyFrom(`COPY ${target} FROM STDIN`));
    await pipeline(Readable.from([text]), stream);
    return;
  }
  await raw.client.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
}

/** One value in COPY's text format: null as `\N`; text must not hold tabs, newlines or backslashes (escaped here). */
export function copyValue(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v !== 'string') return String(v);
  return /[\t\n\r\\]/.test(v)
    ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : v;
}

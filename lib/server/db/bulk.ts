import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

export type BulkColumn = {
  name: string;
  type: 'int2' | 'int4' | 'int8' | 'float8' | 'real' | 'date' | 'text' | 'bool';
};
type Value = string | number | boolean | null;

const textItem = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A PostgreSQL array literal (`{1,NULL,"a b"}`) of one column's values. */
export function arrayLiteral(values: readonly Value[], type: BulkColumn['type']): string {
  const quoted = type === 'text' || type === 'date';
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) out += 'NULL';
    else if (type === 'date' && typeof v === 'string' && DATE.test(v))
      out += v; // nothing to escape
    else if (quoted) out += textItem(String(v));
    else if (typeof v === 'boolean') out += v ? 't' : 'f';
    else out += String(v);
  }
  return out + '}';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Appends rows (one array of values per column, all the same length) to a table in one
 * statement: each column travels as ONE text parameter holding an array literal, expanded by
 * unnest. Measured on PGlite, that is ~4× faster than binding JS arrays (its serializer) and
 * ~30× faster than its COPY from a blob; on PostgreSQL it is what node-postgres would send anyway.
 */
export async function bulkInsert(
  tx: Db | Tx,
  table: string,
  columns: readonly BulkColumn[],
  data: readonly (readonly Value[])[],
  select = '*',
) {
  if (!data[0]?.length) return;
  const names = columns.map((c) => c.name).join(', ');
  const arrays = columns.map((c, i) => sql`${arrayLiteral(data[i] ?? [], c.type)}::text::${sql.raw(c.type)}[]`);
  // `select` may convert columns on the way in (e.g. integers scaled back to floats).
  await tx.execute(
    sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names)}) SELECT ${sql.raw(select)} FROM unnest(${sql.join(arrays, sql`, `)}) AS r(${sql.raw(names)})`,
  );
}

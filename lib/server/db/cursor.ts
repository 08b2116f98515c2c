import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { query, type Tx } from './client';

let seq = 0;

/**
 * Rows of a big query in chunks through a server-side cursor (both drivers: a cursor lives
 * inside the caller's transaction), so memory holds one chunk, not the whole result.
 */
export async function* cursorRows<T>(tx: Tx, q: SQL, chunk = 50_000): AsyncGenerator<T[]> {
  const name = sql.raw(`c_${process.pid}_${++seq}`);
  await tx.execute(sql`DECLARE ${name} NO SCROLL CURSOR FOR ${q}`);
  try {
    for (;;) {
      const rows = await query<T>(tx, sql`FETCH ${sql.raw(String(chunk))} FROM ${name}`);
      if (!rows.length) break;
      yield rows;
      if (rows.length < chunk) break;
    }
  } finally {
    await tx.execute(sql`CLOSE ${name}`);
  }
}

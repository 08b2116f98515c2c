import 'server-only';
import { sql } from 'drizzle-orm';
import { query, type Tx } from '../../db/client';
import { arrayLiteral, type BulkColumn } from '../../db/bulk';
import { arr } from '../../db/sql-array';
import { copyBinary } from '../../db/copy-rows';
import { rawClient } from '../../db/raw-client';
import { ACTUAL, FLAG_CODE, PRICE_TYPE_CODE } from '../../market/codes';
import type { NormalisedObservation } from '../../market/types';
import { COPY_COLUMNS, copyRowsOf, seriesOf, type ChangedSeries } from './import-batch';
import type { RefMaps } from './references';

export type ImportCounts = { inserted: number; updated: number; unchanged: number };

// Rows travel as integer arrays where they can (prices ×10⁴, min/max in fen, volumes ×10³):
// integer literals parse several times faster than floating-point ones (measured on PGlite).
const COLUMNS: BulkColumn[] = [
  { name: 'p', type: 'int2' },
  { name: 'm', type: 'int4' },
  { name: 'pv', type: 'int4' },
  { name: 'd', type: 'date' },
  { name: 'f', type: 'int2' },
  { name: 't', type: 'int2' },
  { name: 'x', type: 'int8' },
  { name: 'lo', type: 'int4' },
  { name: 'hi', type: 'int4' },
  { name: 'v', type: 'int8' },
  { name: 's', type: 'int2' },
];
const SELECT_ROWS = sql.raw(
  `p, m, pv, d, f, t, x / 10000::float8, lo / 100::float8, hi / 100::float8, v / 1000::float8, s`,
);

function unnestOf(rows: readonly NormalisedObservation[], refs: RefMaps) {
  // One pass over the rows filling every column (the lookups only when the series changes).
  const n = rows.length;
  const data: (number | string | null)[][] = COLUMNS.map(() => new Array(n));
  let prev: NormalisedObservation | null = null;
  let p = 0;
  let mk: [number, number] = [0, 0];
  let src = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    if (!prev || r.productCode !== prev.productCode) p = refs.product.get(r.productCode) ?? 0;
    if (!prev || r.marketCode !== prev.marketCode) mk = refs.market.get(r.marketCode) ?? [0, 0];
    if (!prev || r.source !== prev.source) src = refs.source.get(r.source) ?? 0;
    prev = r;
    data[0]![i] = p;
    data[1]![i] = mk[0];
    data[2]![i] = mk[1];
    data[3]![i] = r.date;
    data[4]![i] = FLAG_CODE[r.flag];
    data[5]![i] = PRICE_TYPE_CODE[r.priceType];
    data[6]![i] = Math.round(r.price * 10_000);
    data[7]![i] = r.minFen;
    data[8]![i] = r.maxFen;
    data[9]![i] = r.volume === null ? null : Math.round(r.volume * 1000);
    data[10]![i] = src;
  }
  const arrays = COLUMNS.map((c, i) => sql`${arrayLiteral(data[i] ?? [], c.type)}::text::${sql.raw(c.type)}[]`);
  return sql`unnest(${sql.join(arrays, sql`, `)}) AS r(${sql.raw(COLUMNS.map((c) => c.name).join(', '))})`;
}

/** Appends rows to price_observations or the stage: binary COPY on PostgreSQL, INSERT … unnest on PGlite. */
async function appendRows(
  tx: Tx,
  table: 'price_observations' | 'import_stage',
  rows: readonly NormalisedObservation[],
  refs: RefMaps,
) {
  const raw = rawClient(tx);
  if (raw.kind === 'postgres')
    return copyBinary(
      raw.client as unknown as Parameters<typeof copyBinary>[0],
      table,
      COPY_COLUMNS,
      copyRowsOf(rows, refs),
    );
  await tx.execute(
    sql`INSERT INTO ${sql.raw(table)} (${sql.raw(COPY_COLUMNS.join(', '))}) SELECT ${SELECT_ROWS} FROM ${unnestOf(rows, refs)}`,
  );
}

/** Upserts go through a temporary table (dropped at commit), merged in one statement at the end. */
export async function createStage(tx: Tx) {
  await tx.execute(sql`CREATE TEMP TABLE import_stage (LIKE price_observations) ON COMMIT DROP`);
}

/** A batch ready to write: its size, its series (every flag; actual prices only) and how to append it to a table. */
export type PreparedBatch = {
  count: number;
  all: readonly ChangedSeries[];
  actual: readonly ChangedSeries[];
  append: (table: 'price_observations' | 'import_stage') => Promise<void>;
};

/**
 * Writes one batch. When no stored price falls inside the batch's series and days (a new file,
 * new days, the demo history), the rows are inserted straight into price_observations; otherwise
 * they are staged for the upsert. Returns the rows inserted directly and their changed series.
 */
export async function writePrepared(
  tx: Tx,
  b: PreparedBatch,
): Promise<{ inserted: number; changed: readonly ChangedSeries[] }> {
  if (!b.count) return { inserted: 0, changed: [] };
  const all = b.all;
  const [overlap] = await query<{ x: number }>(
    tx,
    sql`SELECT 1 AS x FROM unnest(${arr(all.map((s) => s.productNum))}::int2[], ${arr(all.map((s) => s.marketNum))}::int4[], ${arr(all.map((s) => s.priceType))}::int2[],
          ${arr(all.map((s) => s.from))}::date[], ${arr(all.map((s) => s.to))}::date[]) AS k(p, m, t, lo, hi)
        WHERE EXISTS (SELECT 1 FROM price_observations o WHERE o.product_num = k.p AND o.market_num = k.m AND o.day BETWEEN k.lo AND k.hi AND o.price_type = k.t)
        LIMIT 1`,
  );
  if (overlap) {
    await b.append('import_stage');
    return { inserted: 0, changed: [] };
  }
  await b.append('price_observations');
  return { inserted: b.count, changed: b.actual };
}

export function writeBatch(tx: Tx, rows: readonly NormalisedObservation[], refs: RefMaps) {
  return writePrepared(tx, {
    count: rows.length,
    ...seriesOf(rows, refs),
    append: (table) => appendRows(tx, table, rows, refs),
  });
}

/**
 * Upserts the staged rows in one statement. A row equal to what is stored is left alone, so
 * re-importing a file changes nothing (counted as unchanged). Returns the counts and, per
 * market series, the span of actual prices that changed (for the derived refresh).
 */
export async function mergeStage(tx: Tx, staged: number): Promise<{ counts: ImportCounts; changed: ChangedSeries[] }> {
  const counts: ImportCounts = { inserted: 0, updated: 0, unchanged: 0 };
  if (!staged) return { counts, changed: [] };
  await tx.execute(sql`ANALYZE import_stage`); // a temporary table has no statistics: the join's plan needs its size
  const rows = await query<{
    p: number;
    m: number;
    t: number;
    f: number;
    lo: string;
    hi: string;
    ins: number | string;
    n: number | string;
  }>(
    tx,
    // Rows equal to what is stored are dropped by a join first: ON CONFLICT … DO UPDATE … WHERE
    // would still lock (and so write) every stored row it compares, which made re-imports slow.
    sql`WITH up AS (
          INSERT INTO price_observations SELECT s.* FROM import_stage s
          LEFT JOIN price_observations o ON o.product_num = s.product_num AND o.market_num = s.market_num AND o.day = s.day AND o.flag = s.flag AND o.price_type = s.price_type
          WHERE o.product_num IS NULL
            OR (o.price, o.min_price, o.max_price, o.volume, o.source_id) IS DISTINCT FROM (s.price, s.min_price, s.max_price, s.volume, s.source_id)
          ON CONFLICT (product_num, market_num, day, flag, price_type) DO UPDATE SET
            price = excluded.price, min_price = excluded.min_price, max_price = excluded.max_price, volume = excluded.volume, source_id = excluded.source_id
          WHERE (price_observations.price, price_observations.min_price, price_observations.max_price, price_observations.volume, price_observations.source_id)
            IS DISTINCT FROM (excluded.price, excluded.min_price, excluded.max_price, excluded.volume, excluded.source_id)
          RETURNING product_num, market_num, price_type, flag, day, (xmax = 0) AS ins
        )
        SELECT product_num AS p, market_num AS m, price_type AS t, flag AS f, to_char(min(day), 'YYYY-MM-DD') AS lo, to_char(max(day), 'YYYY-MM-DD') AS hi,
          count(*) FILTER (WHERE ins) AS ins, count(*) AS n
        FROM up GROUP BY 1, 2, 3, 4`,
  );
  const changed: ChangedSeries[] = [];
  for (const r of rows) {
    const ins = Number(r.ins);
    counts.inserted += ins;
    counts.updated += Number(r.n) - ins;
    if (Number(r.f) === ACTUAL)
      changed.push({ productNum: Number(r.p), marketNum: Number(r.m), priceType: Number(r.t), from: r.lo, to: r.hi });
  }
  counts.unchanged = staged - counts.inserted - counts.updated;
  return { counts, changed };
}

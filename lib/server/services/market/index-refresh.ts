import 'server-only';
import { sql } from 'drizzle-orm';
import { arr } from '../../db/sql-array';
import { bulkInsert, type BulkColumn } from '../../db/bulk';
import { query, type Tx } from '../../db/client';
import { BinaryRows, binaryColumns } from '../../db/binary-rows';
import { copyBinary, copyOut } from '../../db/copy-rows';
import { rawClient } from '../../db/raw-client';
import { dayNumber } from '../../market/dates';
import { ACTUAL, PRICE_TYPE_CODE } from '../../market/codes';
import { bumpDataVersion } from './cache';
import { basePeriodFromEnv, computeIndexValues, groupSeries, timer, type ComputedIndexes, type IndexInput, type IndexRefreshOptions, type ProductInfo, type Value } from './index-compute';

/** Stored price indexes: their input read from the database and their values written back (index-compute.ts computes them). */

/**
 * Reads the refresh's input. The prices come in one binary COPY (day numbers, prices ×10⁴,
 * rounded volumes) and are grouped by series here: several times faster than per-series
 * aggregates in SQL, and it can be queued before other statements of an import (see import-file.ts).
 */
export async function readIndexInput(tx: Tx): Promise<IndexInput> {
  const products = await query<ProductInfo>(
    tx,
    sql`SELECT p.code, p.num, p.category_code, p.name_zh, p.name_en, c.name_zh AS cat_zh, c.name_en AS cat_en, c.sort AS cat_sort
        FROM products p JOIN product_categories c ON c.code = p.category_code`,
  );
  const markets = await query<{ id: string; num: number; province_id: string }>(tx, sql`SELECT id, num, province_id FROM regions WHERE level = 'market'`);
  const data = await copyOut(
    tx,
    `SELECT product_num, market_num, day - DATE '1970-01-01', round(price * 10000), round(volume) FROM price_observations
     WHERE flag = ${ACTUAL} AND price_type = ${PRICE_TYPE_CODE.wholesale} AND price > 0`,
  );
  const [p, m, d, x, v] = binaryColumns(data, ['int2', 'int4', 'int4', 'float8', 'float8']) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  return { products, markets, series: groupSeries(p, m, d, x, v) };
}

export async function refreshIndexes(tx: Tx, options: IndexRefreshOptions = { base: basePeriodFromEnv() }): Promise<{ definitions: number; values: number }> {
  return storeIndexes(tx, computeIndexValues(await readIndexInput(tx), options));
}

/** Replaces the stored indexes with these. */
export async function storeIndexes(tx: Tx, { defs, values }: ComputedIndexes): Promise<{ definitions: number; values: number }> {
  const lap = timer();
  await tx.execute(sql`DELETE FROM index_values`);
  await tx.execute(sql`DELETE FROM index_definitions`);
  if (defs.length) {
    await tx.execute(sql`INSERT INTO index_definitions (code, scope, subject, name_zh, name_en, granularity, base_period_start, base_period_end, equal_weights, weights, region_ids, sort)
      SELECT code, scope, subject, name_zh, name_en, granularity, bs, be, eq, w::jsonb, r::jsonb, sort FROM unnest(
        ${arr(defs.map((d) => d.code))}::text[], ${arr(defs.map((d) => d.scope))}::text[], ${arr(defs.map((d) => d.subject))}::text[],
        ${arr(defs.map((d) => d.nameZh))}::text[], ${arr(defs.map((d) => d.nameEn))}::text[], ${arr(defs.map((d) => d.granularity))}::text[],
        ${arr(defs.map((d) => d.base.from))}::date[], ${arr(defs.map((d) => d.base.to))}::date[], ${arr(defs.map((d) => d.equalWeights))}::bool[],
        ${arr(defs.map((d) => (d.weights ? JSON.stringify(d.weights) : null)))}::text[], ${arr(defs.map((d) => JSON.stringify(d.regionIds)))}::text[], ${arr(defs.map((d) => d.sort))}::int[]
      ) AS t(code, scope, subject, name_zh, name_en, granularity, bs, be, eq, w, r, sort)`);
  }
  await storeValues(tx, values);
  lap('stored');
  await bumpDataVersion(tx);
  return { definitions: defs.length, values: values.length };
}

/** Appends the index values: binary COPY on PostgreSQL, INSERT … unnest on PGlite (the same doubles and floats either way). */
async function storeValues(tx: Tx, values: readonly Value[]) {
  const raw = rawClient(tx);
  if (raw.kind === 'postgres') {
    const days = new Map<string, number>();
    const out = new BinaryRows(values.length, 2 + 2 * 8 + 4 * 12 + 8);
    const e6 = (x: number | null) => (x === null ? null : E6(x)! / 1e6);
    for (const v of values) {
      let day = days.get(v.day);
      if (day === undefined) days.set(v.day, (day = dayNumber(v.day)));
      out.row(8).text(v.code).text(v.region).date(day).float8(e6(v.level)).float8(e6(v.dod)).float8(e6(v.mom)).float8(e6(v.yoy)).float4(Math.round(v.coverage * 1e4) / 1e4);
    }
    await copyBinary(raw.client as unknown as Parameters<typeof copyBinary>[0], 'index_values', INDEX_VALUE_COLUMNS.map((c) => c.name), out.finish());
    return;
  }
  for (let i = 0; i < values.length; i += 50_000) {
    const b = values.slice(i, i + 50_000);
    await bulkInsert(
      tx,
      'index_values',
      INDEX_VALUE_COLUMNS,
      [b.map((v) => v.code), b.map((v) => v.region), b.map((v) => v.day), b.map((v) => E6(v.level)), b.map((v) => E6(v.dod)), b.map((v) => E6(v.mom)), b.map((v) => E6(v.yoy)), b.map((v) => Math.round(v.coverage * 1e4))],
      'index_code, region_id, day, level / 1e6::float8, dod / 1e6::float8, mom / 1e6::float8, yoy / 1e6::float8, coverage / 1e4::real',
    );
  }
}

const INDEX_VALUE_COLUMNS: BulkColumn[] = [
  { name: 'index_code', type: 'text' },
  { name: 'region_id', type: 'text' },
  { name: 'day', type: 'date' },
  { name: 'level', type: 'int8' },
  { name: 'dod', type: 'int8' },
  { name: 'mom', type: 'int8' },
  { name: 'yoy', type: 'int8' },
  { name: 'coverage', type: 'int4' },
];
// Values travel as integers (×10⁶, coverage ×10⁴): integer literals parse several times faster.
const E6 = (x: number | null) => (x === null ? null : Math.round(x * 1e6));


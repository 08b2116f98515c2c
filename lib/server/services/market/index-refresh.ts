import 'server-only';
import { sql } from 'drizzle-orm';
import { arr } from '../../db/sql-array';
import { bulkInsert, type BulkColumn } from '../../db/bulk';
import { query, type Tx } from '../../db/client';
import { binaryColumns } from '../../db/binary-rows';
import { copyBinary, copyOut } from '../../db/copy-rows';
import { rawClient } from '../../db/raw-client';
import { ACTUAL, PRICE_TYPE_CODE } from '../../market/codes';
import { bumpDataVersion } from './cache';
import {
  basePeriodFromEnv,
  computeIndexValues,
  E6,
  groupSeries,
  packIndexValues,
  timer,
  type ComputedIndexes,
  type IndexInput,
  type IndexRefreshOptions,
  type PackedValues,
  type ProductInfo,
  type Value,
} from './index-compute';

/** Stored price indexes: their input read from the database and their values written back (index-compute.ts computes them). */

/**
 * Reads the refresh's input. The prices come in one binary COPY (day numbers, prices ×10⁴,
 * rounded volumes) and are grouped by series here: several times faster than per-series
 * aggregates in SQL. `exceptProducts`' prices are left out (an import adds those it read itself).
 */
export async function readIndexInput(tx: Tx, exceptProducts: readonly number[] = []): Promise<IndexInput> {
  const products = await query<ProductInfo>(
    tx,
    sql`SELECT p.code, p.num, p.category_code, p.name_zh, p.name_en, c.name_zh AS cat_zh, c.name_en AS cat_en, c.sort AS cat_sort
        FROM products p JOIN product_categories c ON c.code = p.category_code`,
  );
  const markets = await query<{ id: string; num: number; province_id: string }>(
    tx,
    sql`SELECT id, num, province_id FROM regions WHERE level = 'market'`,
  );
  // Leaving some out (an import that holds them), only products with prices are read: those with a
  // latest price (latest_prices has a row for every series with actual prices). Often none is left.
  const only = exceptProducts.length
    ? (
        await query<{ p: number }>(
          tx,
          sql`SELECT DISTINCT product_num AS p FROM latest_prices WHERE price_type = ${PRICE_TYPE_CODE.wholesale}`,
        )
      )
        .map((r) => Number(r.p))
        .filter((p) => !exceptProducts.includes(p))
    : null;
  if (only && !only.length) return { products, markets, series: [] };
  const data = await copyOut(
    tx,
    `SELECT product_num, market_num, day - DATE '1970-01-01', round(price * 10000), round(volume) FROM price_observations
     WHERE flag = ${ACTUAL} AND price_type = ${PRICE_TYPE_CODE.wholesale} AND price > 0${only ? ` AND product_num IN (${only.join(', ')})` : ''}`,
  );
  const [p, m, d, x, v] = binaryColumns(data, ['int2', 'int4', 'int4', 'float8', 'float8']) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  return { products, markets, series: groupSeries(p, m, d, x, v) };
}

export async function refreshIndexes(
  tx: Tx,
  options: IndexRefreshOptions = { base: basePeriodFromEnv() },
): Promise<{ definitions: number; values: number }> {
  return storeIndexes(tx, computeIndexValues(await readIndexInput(tx), options));
}

/** Replaces the stored indexes with these. */
export async function storeIndexes(
  tx: Tx,
  { defs, values }: ComputedIndexes,
): Promise<{ definitions: number; values: number }> {
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
  return { definitions: defs.length, values: 'copy' in values ? values.count : values.length };
}

/** Appends the index values: binary COPY on PostgreSQL, INSERT … unnest on PGlite (the same doubles and floats either way). */
async function storeValues(tx: Tx, values: Value[] | PackedValues) {
  const raw = rawClient(tx);
  if (raw.kind === 'postgres') {
    const data = 'copy' in values ? values.copy : packIndexValues(values).copy;
    await copyBinary(
      raw.client as unknown as Parameters<typeof copyBinary>[0],
      'index_values',
      INDEX_VALUE_COLUMNS.map((c) => c.name),
      data,
    );
    return;
  }
  if ('copy' in values) throw new Error('packed index values are written with COPY (PostgreSQL)');
  for (let i = 0; i < values.length; i += 50_000) {
    const b = values.slice(i, i + 50_000);
    await bulkInsert(
      tx,
      'index_values',
      INDEX_VALUE_COLUMNS,
      [
        b.map((v) => v.code),
        b.map((v) => v.region),
        b.map((v) => v.day),
        b.map((v) => E6(v.level)),
        b.map((v) => E6(v.dod)),
        b.map((v) => E6(v.mom)),
        b.map((v) => E6(v.yoy)),
        b.map((v) => Math.round(v.coverage * 1e4)),
      ],
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

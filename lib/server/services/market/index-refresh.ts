import 'server-only';
import { sql } from 'drizzle-orm';
import { arr } from '../../db/sql-array';
import { bulkInsert, type BulkColumn } from '../../db/bulk';
import { query, type Tx } from '../../db/client';
import { BinaryRows, binaryColumns, copyBinary, copyOut } from '../../db/copy-rows';
import { rawClient } from '../../db/raw-client';
import { dayNumber, fromDayNumber, monthNumber } from '../../market/dates';
import { computeIndexesOfSeries, type IndexGranularity, type IndexPoint, type IndexResult, type SeriesInput } from '../../market/indexes';
import type { CategoryCode } from '../../market/types';
import { ACTUAL, PRICE_TYPE_CODE } from '../../market/codes';
import { bumpDataVersion } from './cache';
import { NATION_ID } from './references';

/**
 * Recomputes every stored price index (product.md §2) from the actual wholesale prices.
 *
 * Series come in two families, because a fixed base needs prices in the base period:
 * - current daily series (a price on most days, the latest within a year of the newest data):
 *   composite, category and product indexes, daily, base = their first full calendar year;
 * - the rest (e.g. the monthly WFP series that end in 2020): monthly product indexes with their
 *   own base year; they make the category and composite indexes only when no daily series exist.
 * The nation gets every index; each province its composite and category indexes (same base as
 * the nation, so provinces compare). Indexes no longer produced are removed.
 */
export type IndexRefreshOptions = {
  /** Fixed base period for every index (inclusive YYYY-MM or YYYY-MM-DD); default each family's first full calendar year. */
  base?: { from: string; to: string };
};

/** `MARKET_INDEX_BASE=2024-01..2024-12` (or a single year, `2024`) fixes the base period. */
export function basePeriodFromEnv(value = process.env.MARKET_INDEX_BASE): IndexRefreshOptions['base'] {
  if (!value) return undefined;
  const year = /^\d{4}$/.exec(value);
  if (year) return { from: `${value}-01`, to: `${value}-12` };
  const m = /^(\d{4}-\d{2}(?:-\d{2})?)\.\.(\d{4}-\d{2}(?:-\d{2})?)$/.exec(value);
  if (!m) throw new Error(`MARKET_INDEX_BASE must be a year (2024) or a range (2024-01..2024-12), not "${value}"`);
  return { from: m[1]!, to: m[2]! };
}

/** What a refresh reads: products, markets and every actual wholesale price, by market series. */
export type IndexInput = { products: ProductInfo[]; markets: { id: string; num: number; province_id: string }[]; series: RawSeries[] };
/** One market series: days since 1970-01-01 (ascending), prices, volumes (NaN when unknown). */
export type RawSeries = { product: number; market: number; days: Float64Array; prices: Float64Array; volumes: Float64Array };

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

function groupSeries(p: Float64Array, m: Float64Array, d: Float64Array, x: Float64Array, v: Float64Array): RawSeries[] {
  // Rows of a series mostly come together (the table is filled a file at a time): the series is
  // looked up only when it changes.
  const rowsOf = new Map<number, number[]>();
  let key = -1;
  let rows: number[] = [];
  for (let i = 0; i < p.length; i++) {
    const k = p[i]! * 4_294_967_296 + m[i]!;
    if (k !== key) {
      key = k;
      let r = rowsOf.get(k);
      if (!r) rowsOf.set(k, (r = []));
      rows = r;
    }
    rows.push(i);
  }
  const out: RawSeries[] = [];
  for (const [k, idx] of rowsOf) {
    let sorted = true;
    for (let j = 1; j < idx.length && sorted; j++) sorted = d[idx[j]!]! > d[idx[j - 1]!]!;
    if (!sorted) idx.sort((a, b) => d[a]! - d[b]!);
    const n = idx.length;
    const s: RawSeries = { product: Math.floor(k / 4_294_967_296), market: k % 4_294_967_296, days: new Float64Array(n), prices: new Float64Array(n), volumes: new Float64Array(n) };
    for (let j = 0; j < n; j++) {
      const i = idx[j]!;
      s.days[j] = d[i]!;
      s.prices[j] = x[i]! / 10_000;
      s.volumes[j] = v[i]!;
    }
    out.push(s);
  }
  return out;
}

export async function refreshIndexes(tx: Tx, options: IndexRefreshOptions = { base: basePeriodFromEnv() }): Promise<{ definitions: number; values: number }> {
  return storeIndexes(tx, computeIndexValues(await readIndexInput(tx), options));
}

export type ComputedIndexes = { defs: Definition[]; values: Value[] };

/** The definitions and values of every index, from the input (CPU only: no database work). */
export function computeIndexValues({ products, markets, series }: IndexInput, options: IndexRefreshOptions = { base: basePeriodFromEnv() }): ComputedIndexes {
  const lap = timer();
  const info = new Map(products.map((p) => [p.code, p]));
  const codeOfNum = new Map(products.map((p) => [Number(p.num), p.code]));
  // Each product's span and number of days with a price in some market: which family it is in.
  const spans = new Map<number, { lo: number; hi: number; days: Set<number> }>();
  for (const s of series) {
    const n = s.days.length;
    if (!n) continue;
    let span = spans.get(s.product);
    if (!span) spans.set(s.product, (span = { lo: Infinity, hi: -Infinity, days: new Set() }));
    span.lo = Math.min(span.lo, s.days[0]!);
    span.hi = Math.max(span.hi, s.days[n - 1]!);
    for (let j = 0; j < n; j++) span.days.add(s.days[j]!);
  }
  let newest = -Infinity;
  for (const s of spans.values()) newest = Math.max(newest, s.hi);
  const daily = new Set<number>();
  for (const [num, s] of spans) {
    const span = s.hi - s.lo + 1;
    if (s.hi >= newest - 365 && s.days.size >= span * 0.5 && span >= 28) daily.add(num);
  }
  const provinceOf = new Map(markets.map((m) => [Number(m.num), m.province_id]));
  const marketId = new Map(markets.map((m) => [Number(m.num), m.id]));
  const known = series.filter((s) => codeOfNum.has(s.product));
  const dailySeries = known.filter((s) => daily.has(s.product));
  const otherSeries = known.filter((s) => !daily.has(s.product));

  const defs: Definition[] = [];
  const values: Value[] = [];
  if (dailySeries.length) {
    const out = computeFamily(dailySeries, 'day', { provinceOf, marketId }, info, codeOfNum, true, options.base);
    defs.push(...out.defs);
    for (const v of out.values) values.push(v);
  }
  if (otherSeries.length) {
    // Monthly product indexes always; category and composite only when no daily family exists.
    const out = computeFamily(otherSeries, 'month', { provinceOf, marketId }, info, codeOfNum, dailySeries.length === 0, options.base);
    defs.push(...out.defs);
    for (const v of out.values) values.push(v);
  }

  lap(`computed from ${series.length} series`);
  return { defs, values };
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

/** MARKET_TIMING=1 prints where a refresh spends its time (diagnosis of slow imports). */
function timer() {
  let t = performance.now();
  return (what: string) => {
    if (!process.env.MARKET_TIMING) return;
    const now = performance.now();
    console.error(`  index refresh: ${what} in ${Math.round(now - t)} ms`);
    t = now;
  };
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

type ProductInfo = { code: string; num: number; category_code: string; name_zh: string; name_en: string; cat_zh: string; cat_en: string; cat_sort: number };
export type Definition = {
  code: string;
  scope: 'composite' | 'category' | 'product';
  subject: string | null;
  nameZh: string;
  nameEn: string;
  granularity: IndexGranularity;
  base: { from: string; to: string };
  equalWeights: boolean;
  weights: Record<string, number> | null;
  regionIds: string[];
  sort: number;
};
export type Value = { code: string; region: string; day: string; level: number; dod: number | null; mom: number | null; yoy: number | null; coverage: number };

const r6 = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

/** One family: the nation and each province computed from its market series. */
function computeFamily(
  raw: readonly RawSeries[],
  granularity: IndexGranularity,
  markets: { provinceOf: Map<number, string>; marketId: Map<number, string> },
  info: Map<string, ProductInfo>,
  codeOfNum: Map<number, string>,
  aggregates: boolean,
  configuredBase: IndexRefreshOptions['base'],
) {
  // Monthly families count in months (year × 12 + month − 1) instead of days.
  const monthOf = new Map<number, number>();
  const periods = (days: Float64Array) => {
    if (granularity === 'day') return days;
    return days.map((d) => {
      let m = monthOf.get(d);
      if (m === undefined) monthOf.set(d, (m = monthNumber(fromDayNumber(d))));
      return m;
    });
  };
  const series: SeriesInput[] = [];
  const byProvince = new Map<string, SeriesInput[]>();
  for (const r of raw) {
    const code = codeOfNum.get(r.product) ?? '';
    const s: SeriesInput = {
      product: code,
      category: (info.get(code)?.category_code ?? 'grains') as CategoryCode,
      market: markets.marketId.get(r.market) ?? String(r.market),
      ts: periods(r.days),
      ps: r.prices,
      vs: r.volumes,
    };
    series.push(s);
    const prov = markets.provinceOf.get(r.market);
    if (!prov) continue;
    const list = byProvince.get(prov) ?? [];
    list.push(s);
    byProvince.set(prov, list);
  }

  const defs = new Map<string, Definition>();
  const values: Value[] = [];
  const toDay = (period: string) => (period.length === 7 ? `${period}-01` : period);
  const keep = (code: string, region: string, points: IndexPoint[]) => {
    for (const p of points) values.push({ code, region, day: toDay(p.period), level: r6(p.level) ?? 0, dod: r6(p.dod), mom: r6(p.mom), yoy: r6(p.yoy), coverage: p.coverage });
  };
  const define = (d: Omit<Definition, 'regionIds'>, region: string) => {
    const existing = defs.get(d.code);
    if (existing) existing.regionIds.push(region);
    else defs.set(d.code, { ...d, regionIds: [region] });
  };

  if (!series.length) return { defs: [], values };
  const nation = computeIndexesOfSeries(series, configuredBase ? { granularity, base: configuredBase } : { granularity });
  const base = { from: nation.base.from, to: nation.base.to };
  const common = { granularity, base, equalWeights: nation.equalWeights };
  const publish = (res: IndexResult, region: string, withProducts: boolean) => {
    if (aggregates && res.composite.length) {
      define({ code: 'composite', scope: 'composite', subject: null, nameZh: '农产品批发价格综合指数', nameEn: 'Agricultural wholesale price index (composite)', ...common, weights: nation.weights, sort: 0 }, region);
      keep('composite', region, res.composite);
    }
    if (aggregates) {
      for (const [cat, points] of Object.entries(res.categories)) {
        if (!points?.length) continue;
        const any = [...info.values()].find((p) => p.category_code === cat);
        const w = Object.fromEntries(Object.entries(nation.weights).filter(([p]) => info.get(p)?.category_code === cat));
        const sum = Object.values(w).reduce((a, b) => a + b, 0);
        define(
          {
            code: `cat:${cat}`,
            scope: 'category',
            subject: cat,
            nameZh: `${any?.cat_zh ?? cat}价格指数`,
            nameEn: `${any?.cat_en ?? cat} price index`,
            ...common,
            weights: sum > 0 ? Object.fromEntries(Object.entries(w).map(([p, x]) => [p, r6(x / sum) ?? 0])) : null,
            sort: 10 + (any?.cat_sort ?? 0),
          },
          region,
        );
        keep(`cat:${cat}`, region, points);
      }
    }
    if (withProducts) {
      for (const [code, points] of Object.entries(res.products)) {
        const p = info.get(code);
        define({ code: `prod:${code}`, scope: 'product', subject: code, nameZh: `${p?.name_zh ?? code}价格指数`, nameEn: `${p?.name_en ?? code} price index`, ...common, weights: null, sort: 100 + (p?.cat_sort ?? 0) }, region);
        keep(`prod:${code}`, region, points);
      }
    }
  };
  publish(nation, NATION_ID, true);
  if (aggregates) {
    for (const [prov, list] of [...byProvince].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const res = computeIndexesOfSeries(list, { granularity, base });
      publish(res, prov, false);
    }
  }
  return { defs: [...defs.values()], values };
}

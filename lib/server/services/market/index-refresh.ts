import 'server-only';
import { sql } from 'drizzle-orm';
import { arr } from '../../db/sql-array';
import { bulkInsert, type BulkColumn } from '../../db/bulk';
import { query, type Tx } from '../../db/client';
import { copyEscape, copyText } from '../../db/copy-rows';
import { rawClient } from '../../db/raw-client';
import { dayNumber } from '../../market/dates';
import { computeIndexesOfSeries, type IndexGranularity, type IndexPoint, type IndexResult, type SeriesInput } from '../../market/indexes';
import type { CategoryCode } from '../../market/types';
import { ACTUAL, PRICE_TYPE_CODE } from '../../market/codes';
import { bumpDataVersion } from './cache';
import { NATION_ID } from './references';
import { NATION_NUM } from './refresh';

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

export async function refreshIndexes(tx: Tx, options: IndexRefreshOptions = { base: basePeriodFromEnv() }): Promise<{ definitions: number; values: number }> {
  const lap = timer();
  const products = await query<ProductInfo>(
    tx,
    sql`SELECT p.code, p.num, p.category_code, p.name_zh, p.name_en, c.name_zh AS cat_zh, c.name_en AS cat_en, c.sort AS cat_sort
        FROM products p JOIN product_categories c ON c.code = p.category_code`,
  );
  const spans = await query<{ product_code: string; lo: string; hi: string; n: number | string }>(
    tx,
    sql`SELECT p.code AS product_code, to_char(min(rp.day), 'YYYY-MM-DD') AS lo, to_char(max(rp.day), 'YYYY-MM-DD') AS hi, count(*) AS n
        FROM region_prices rp JOIN products p ON p.num = rp.product_num
        WHERE rp.region_num = ${NATION_NUM} AND rp.price_type = ${PRICE_TYPE_CODE.wholesale} GROUP BY p.code`,
  );
  const newest = spans.reduce((m, s) => Math.max(m, dayNumber(s.hi)), -Infinity);
  const daily: string[] = [];
  const other: string[] = [];
  for (const s of spans) {
    const span = dayNumber(s.hi) - dayNumber(s.lo) + 1;
    const current = dayNumber(s.hi) >= newest - 365 && Number(s.n) >= span * 0.5 && span >= 28;
    (current ? daily : other).push(s.product_code);
  }

  const markets = await query<{ id: string; num: number; province_id: string }>(tx, sql`SELECT id, num, province_id FROM regions WHERE level = 'market'`);
  const provinceOf = new Map(markets.map((m) => [Number(m.num), m.province_id]));
  const marketId = new Map(markets.map((m) => [Number(m.num), m.id]));
  const info = new Map(products.map((p) => [p.code, p]));

  const defs: Definition[] = [];
  const values: Value[] = [];
  if (daily.length) {
    const out = await computeFamily(tx, daily, 'day', { provinceOf, marketId }, info, true, options.base);
    defs.push(...out.defs);
    for (const v of out.values) values.push(v);
  }
  if (other.length) {
    // Monthly product indexes always; category and composite only when no daily family exists.
    const out = await computeFamily(tx, other, 'month', { provinceOf, marketId }, info, daily.length === 0, options.base);
    defs.push(...out.defs);
    for (const v of out.values) values.push(v);
  }

  lap('computed');
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

/** Appends the index values: COPY on PostgreSQL (integers read exactly, as `…e-6`), INSERT … unnest on PGlite. */
async function storeValues(tx: Tx, values: readonly Value[]) {
  const raw = rawClient(tx);
  for (let i = 0; i < values.length; i += 50_000) {
    const b = values.slice(i, i + 50_000);
    if (raw.kind === 'postgres') {
      const e6 = (x: number | null) => (x === null ? '\\N' : `${E6(x)}e-6`);
      const text = b.map((v) => `${copyEscape(v.code)}\t${copyEscape(v.region)}\t${v.day}\t${e6(v.level)}\t${e6(v.dod)}\t${e6(v.mom)}\t${e6(v.yoy)}\t${Math.round(v.coverage * 1e4)}e-4\n`).join('');
      await copyText(raw.client as unknown as Parameters<typeof copyText>[0], 'index_values', INDEX_VALUE_COLUMNS.map((c) => c.name), text);
      continue;
    }
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
type Definition = {
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
type Value = { code: string; region: string; day: string; level: number; dod: number | null; mom: number | null; yoy: number | null; coverage: number };

const r6 = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

/** One family: observations read once (compactly), then the nation and each province computed from them. */
async function computeFamily(
  tx: Tx,
  codes: string[],
  granularity: IndexGranularity,
  markets: { provinceOf: Map<number, string>; marketId: Map<number, string> },
  info: Map<string, ProductInfo>,
  aggregates: boolean,
  configuredBase: IndexRefreshOptions['base'],
) {
  const nums = codes.map((c) => Number(info.get(c)?.num));
  const codeOf = new Map(codes.map((c) => [Number(info.get(c)?.num), c]));
  // One row per market series with its days, prices (×10⁴) and volumes as comma lists: reading
  // rows one by one costs PGlite ~6× more than splitting these strings in JS. Monthly families
  // get month numbers (year × 12 + month − 1) instead of days.
  const period = granularity === 'day' ? sql`(day - DATE '1970-01-01')` : sql`(extract(year FROM day)::int * 12 + extract(month FROM day)::int - 1)`;
  const rows = await query<{ p: number; m: number; d: string; x: string; v: string }>(
    tx,
    sql`SELECT product_num AS p, market_num AS m,
          string_agg(${period}::text, ',' ORDER BY day) AS d,
          string_agg(round(price * 10000)::int8::text, ',' ORDER BY day) AS x,
          string_agg(coalesce(round(volume)::int8::text, ''), ',' ORDER BY day) AS v
        FROM price_observations
        WHERE flag = ${ACTUAL} AND price_type = ${PRICE_TYPE_CODE.wholesale} AND price > 0 AND product_num = ANY(${arr(nums)}::int2[])
        GROUP BY 1, 2`,
  );
  if (process.env.MARKET_TIMING) console.error(`  index refresh: read ${rows.length} series`);
  const series: SeriesInput[] = [];
  const byProvince = new Map<string, SeriesInput[]>();
  for (const r of rows) {
    const code = codeOf.get(Number(r.p)) ?? '';
    const ds = r.d.split(',');
    const xs = r.x.split(',');
    const vs = r.v.split(',');
    const n = ds.length;
    const s: SeriesInput = {
      product: code,
      category: (info.get(code)?.category_code ?? 'grains') as CategoryCode,
      market: markets.marketId.get(Number(r.m)) ?? String(r.m),
      ts: Float64Array.from(ds, Number),
      ps: Float64Array.from(xs, (x) => Number(x) / 10_000),
      vs: Float64Array.from({ length: n }, (_, k) => (vs[k] === undefined || vs[k] === '' ? NaN : Number(vs[k]))),
    };
    series.push(s);
    const prov = markets.provinceOf.get(Number(r.m));
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

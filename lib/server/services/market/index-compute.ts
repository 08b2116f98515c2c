import 'server-only';
import { BinaryRows } from '../../db/binary-rows';
import { dayNumber, fromDayNumber, monthNumber } from '../../market/dates';
import {
  computeIndexesOfSeries,
  type IndexGranularity,
  type IndexPoint,
  type IndexResult,
  type SeriesInput,
} from '../../market/indexes';
import type { CategoryCode } from '../../market/types';
import { NATION_ID } from '../../market/codes';

/**
 * Recomputes every stored price index (docs/market-data.md) from the actual wholesale prices.
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
export type IndexInput = {
  products: ProductInfo[];
  markets: { id: string; num: number; province_id: string }[];
  series: RawSeries[];
};
/** One market series: days since 1970-01-01 (ascending), prices, volumes (NaN when unknown). */
export type RawSeries = {
  product: number;
  market: number;
  days: Float64Array;
  prices: Float64Array;
  volumes: Float64Array;
};

/** Groups price columns (one entry per price) into market series, days ascending. */
export function groupSeries(
  p: Float64Array,
  m: Float64Array,
  d: Float64Array,
  x: Float64Array,
  v: Float64Array,
): RawSeries[] {
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
    const s: RawSeries = {
      product: Math.floor(k / 4_294_967_296),
      market: k % 4_294_967_296,
      days: new Float64Array(n),
      prices: new Float64Array(n),
      volumes: new Float64Array(n),
    };
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

/**
 * Actual wholesale prices gathered as an import reads them, as readIndexInput would read them back
 * (prices ×10⁴, volumes rounded half to even like PostgreSQL's round), so an import of products
 * with no earlier prices can compute their indexes without reading its own rows back.
 */
export class IndexPrices {
  private cols = [0, 0, 0, 0, 0].map(() => new Float64Array(4096));
  private size = 0;

  add(product: number, market: number, day: number, x: number, volume: number | null): void {
    if (this.size === this.cols[0]!.length) {
      this.cols = this.cols.map((c) => {
        const next = new Float64Array(c.length * 2);
        next.set(c);
        return next;
      });
    }
    const c = this.cols; // indexed, not destructured: this runs for every price of a file
    const i = this.size++;
    c[0]![i] = product;
    c[1]![i] = market;
    c[2]![i] = day;
    c[3]![i] = x;
    c[4]![i] = volume === null ? NaN : roundHalfEven(volume);
  }

  series(): RawSeries[] {
    const [p, m, d, x, v] = this.cols.map((c) => c.subarray(0, this.size)) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    return groupSeries(p, m, d, x, v);
  }
}

/** PostgreSQL's round() of a double (rint: halves to the even neighbour). */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** Index values as binary COPY data for index_values (see packIndexValues). */
export type PackedValues = { copy: Uint8Array; count: number };
export type ComputedIndexes = { defs: Definition[]; values: Value[] | PackedValues };

// Values travel as integers (×10⁶, coverage ×10⁴) to PGlite, where integer literals parse several
// times faster; COPY sends the same numbers as doubles (x / 10⁶).
export const E6 = (x: number | null) => (x === null ? null : Math.round(x * 1e6));

/**
 * Index values as binary COPY data (index_code, region_id, day, level, dod, mom, yoy, coverage) in
 * key order: the primary key's index is then filled left to right (a third faster, measured).
 * Values come in runs of one index and region, days ascending; the runs are sorted.
 */
export function packIndexValues(values: readonly Value[]): PackedValues {
  const runs: [number, number][] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const prev = values[i - 1];
    if (!prev || prev.code !== v.code || prev.region !== v.region || prev.day >= v.day) runs.push([i, i + 1]);
    else runs[runs.length - 1]![1] = i + 1;
  }
  const keyOf = (v: Value) => [v.code, v.region, v.day] as const;
  runs.sort((a, b) => {
    const [x, y] = [keyOf(values[a[0]]!), keyOf(values[b[0]]!)];
    for (let k = 0; k < 3; k++) if (x[k] !== y[k]) return x[k]! < y[k]! ? -1 : 1;
    return 0;
  });
  const days = new Map<string, number>();
  const out = new BinaryRows(values.length, 2 + 2 * 8 + 4 * 12 + 8);
  const e6 = (x: number | null) => (x === null ? null : E6(x)! / 1e6);
  for (const [from, to] of runs) {
    for (let i = from; i < to; i++) {
      const v = values[i]!;
      let day = days.get(v.day);
      if (day === undefined) days.set(v.day, (day = dayNumber(v.day)));
      out
        .row(8)
        .text(v.code)
        .text(v.region)
        .date(day)
        .float8(e6(v.level))
        .float8(e6(v.dod))
        .float8(e6(v.mom))
        .float8(e6(v.yoy))
        .float4(Math.round(v.coverage * 1e4) / 1e4);
    }
  }
  return { copy: out.finish(), count: values.length };
}

/** The definitions and values of every index, from the input (CPU only: no database work). */
export function computeIndexValues(
  { products, markets, series }: IndexInput,
  options: IndexRefreshOptions = { base: basePeriodFromEnv() },
): { defs: Definition[]; values: Value[] } {
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
    const out = computeFamily(
      otherSeries,
      'month',
      { provinceOf, marketId },
      info,
      codeOfNum,
      dailySeries.length === 0,
      options.base,
    );
    defs.push(...out.defs);
    for (const v of out.values) values.push(v);
  }

  lap(`computed from ${series.length} series`);
  return { defs, values };
}

/** MARKET_TIMING=1 prints where a refresh spends its time (diagnosis of slow imports). */
export function timer() {
  let t = performance.now();
  return (what: string) => {
    if (!process.env.MARKET_TIMING) return;
    const now = performance.now();
    console.error(`  index refresh: ${what} in ${Math.round(now - t)} ms`);
    t = now;
  };
}

export type ProductInfo = {
  code: string;
  num: number;
  category_code: string;
  name_zh: string;
  name_en: string;
  cat_zh: string;
  cat_en: string;
  cat_sort: number;
};
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
export type Value = {
  code: string;
  region: string;
  day: string;
  level: number;
  dod: number | null;
  mom: number | null;
  yoy: number | null;
  coverage: number;
};

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
    for (const p of points)
      values.push({
        code,
        region,
        day: toDay(p.period),
        level: r6(p.level) ?? 0,
        dod: r6(p.dod),
        mom: r6(p.mom),
        yoy: r6(p.yoy),
        coverage: p.coverage,
      });
  };
  const define = (d: Omit<Definition, 'regionIds'>, region: string) => {
    const existing = defs.get(d.code);
    if (existing) existing.regionIds.push(region);
    else defs.set(d.code, { ...d, regionIds: [region] });
  };

  if (!series.length) return { defs: [], values };
  const nation = computeIndexesOfSeries(
    series,
    configuredBase ? { granularity, base: configuredBase } : { granularity },
  );
  const base = { from: nation.base.from, to: nation.base.to };
  const common = { granularity, base, equalWeights: nation.equalWeights };
  const publish = (res: IndexResult, region: string, withProducts: boolean) => {
    if (aggregates && res.composite.length) {
      define(
        {
          code: 'composite',
          scope: 'composite',
          subject: null,
          nameZh: '农产品批发价格综合指数',
          nameEn: 'Agricultural wholesale price index (composite)',
          ...common,
          weights: nation.weights,
          sort: 0,
        },
        region,
      );
      keep('composite', region, res.composite);
    }
    if (aggregates) {
      for (const [cat, points] of Object.entries(res.categories)) {
        if (!points?.length) continue;
        const any = [...info.values()].find((p) => p.category_code === cat);
        const w = Object.fromEntries(
          Object.entries(nation.weights).filter(([p]) => info.get(p)?.category_code === cat),
        );
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
        define(
          {
            code: `prod:${code}`,
            scope: 'product',
            subject: code,
            nameZh: `${p?.name_zh ?? code}价格指数`,
            nameEn: `${p?.name_en ?? code} price index`,
            ...common,
            weights: null,
            sort: 100 + (p?.cat_sort ?? 0),
          },
          region,
        );
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

import 'server-only';
import { env } from '../../../env';
import { fromDayNumber, monthNumber } from '@/lib/shared/dates';
import {
  computeIndexesOfSeries,
  type IndexGranularity,
  type IndexPoint,
  type IndexResult,
  type SeriesInput,
} from '../../../market/indexes';

/**
 * Computes a country's price indexes (docs/market-data.md) from its actual prices of one price type
 * in its currency (wholesale where it has more wholesale series, else retail).
 *
 * Series come in two families, because a fixed base needs prices in the base period:
 * - current daily series (a price on most days, the latest within a year of the newest data):
 *   composite, category and product indexes, daily, base = their first full calendar year;
 * - the rest (e.g. the monthly WFP series that end in 2020): monthly product indexes with their
 *   own base year; they make the category and composite indexes only when no daily series exist.
 * The nation gets every index; each province its composite and category indexes (same base as
 * the nation, so provinces compare).
 */
export type IndexRefreshOptions = {
  /** Fixed base period for every index (inclusive YYYY-MM or YYYY-MM-DD); default each family's first full calendar year. */
  base?: { from: string; to: string };
};

/** `MARKET_INDEX_BASE=2024-01..2024-12` (or a single year, `2024`) fixes the base period. */
export function basePeriodFromEnv(value = env().MARKET_INDEX_BASE): IndexRefreshOptions['base'] {
  if (!value) return undefined;
  const year = /^\d{4}$/.exec(value);
  if (year) return { from: `${value}-01`, to: `${value}-12` };
  const m = /^(\d{4}-\d{2}(?:-\d{2})?)\.\.(\d{4}-\d{2}(?:-\d{2})?)$/.exec(value);
  if (!m) throw new Error(`MARKET_INDEX_BASE must be a year (2024) or a range (2024-01..2024-12), not "${value}"`);
  return { from: m[1]!, to: m[2]! };
}

/** What a refresh reads for one country: products, markets and the prices indexed, by market series. */
export type IndexInput = {
  /** The country's nation region. */
  nationId: string;
  /** wholesale | retail: whose prices the indexes follow (named on the page). */
  priceType: 'wholesale' | 'retail';
  products: ProductInfo[];
  markets: { id: string; num: number; province_id: string | null }[];
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
      s.prices[j] = x[i]!;
      s.volumes[j] = v[i]!;
    }
    out.push(s);
  }
  return out;
}

export type ComputedIndexes = { defs: Definition[]; values: Value[] };

/** The definitions and values of every index, from the input (CPU only: no database work). */
export function computeIndexValues(
  { nationId, priceType, products, markets, series }: IndexInput,
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
  const provinceOf = new Map(markets.map((m) => [Number(m.num), m.province_id ?? '']));
  const marketId = new Map(markets.map((m) => [Number(m.num), m.id]));
  const known = series.filter((s) => codeOfNum.has(s.product));
  const dailySeries = known.filter((s) => daily.has(s.product));
  const otherSeries = known.filter((s) => !daily.has(s.product));

  const defs: Definition[] = [];
  const values: Value[] = [];
  if (dailySeries.length) {
    const ctx = { nationId, priceType, provinceOf, marketId };
    const out = computeFamily(dailySeries, 'day', ctx, info, codeOfNum, true, options.base);
    defs.push(...out.defs);
    for (const v of out.values) values.push(v);
  }
  if (otherSeries.length) {
    // Monthly product indexes always; category and composite only when no daily family exists.
    const out = computeFamily(
      otherSeries,
      'month',
      { nationId, priceType, provinceOf, marketId },
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
export function timer(label = 'index refresh') {
  let t = performance.now();
  return (what: string) => {
    if (!env().MARKET_TIMING) return;
    const now = performance.now();
    console.error(`  ${label}: ${what} in ${Math.round(now - t)} ms`);
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
  markets: {
    nationId: string;
    priceType: 'wholesale' | 'retail';
    provinceOf: Map<number, string>;
    marketId: Map<number, string>;
  },
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
      category: info.get(code)?.category_code ?? 'other-food',
      market: markets.marketId.get(r.market) ?? String(r.market),
      ts: periods(r.days),
      ps: r.prices,
      vs: r.volumes,
    };
    series.push(s);
    const prov = markets.provinceOf.get(r.market);
    if (!prov) continue; // a market placed directly under the nation
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
          nameZh: markets.priceType === 'wholesale' ? '农产品批发价格综合指数' : '农产品零售价格综合指数',
          nameEn: `Agricultural ${markets.priceType} price index (composite)`,
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
  publish(nation, markets.nationId, true);
  if (aggregates) {
    for (const [prov, list] of [...byProvince].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const res = computeIndexesOfSeries(list, { granularity, base });
      publish(res, prov, false);
    }
  }
  return { defs: [...defs.values()], values };
}

import 'server-only';
import { addMonths, dayNumber, daysInMonth, fromDayNumber, fromMonthNumber, monthNumber } from '@/lib/shared/dates';
import { pad2 } from '@/lib/shared/format';

/** A category code of the catalogue (data/catalogue/categories.csv). */
type CategoryCode = string;

/**
 * Price indexes (docs/market-data.md), fixed-base Laspeyres type.
 *
 * 1. Prices are averaged per product × market × period (day or month).
 * 2. Each market's base price B(p,m) is its average over the base-period periods; markets with no
 *    base-period price cannot be compared and are left out (listed in `excluded`).
 * 3. Product relative: G(p,t) = geometric mean over the markets quoting at t of price(p,m,t) / B(p,m),
 *    then rescaled so its average over the base period is exactly 100 (the usual base-year
 *    convention; the factor is 1 when every market quotes in every base period of a one-period base).
 * 4. Category and composite indexes: weighted arithmetic means of the product relatives, with fixed
 *    weights = each product's share of base-period value (Σ price × volume). When any product lacks
 *    base-period volumes, every product weighs the same and `equalWeights` is true. At a period where
 *    some products have no price, the weights of those present are renormalised and `coverage` tells
 *    what share of the weight was present.
 * 5. Changes, in %, against an earlier point of the same series (null when there is none):
 *    - monthly series: month-on-month = the previous month, year-on-year = the same month a year
 *      earlier, exactly; day-on-day does not apply (null);
 *    - daily series: day-on-day = the latest earlier point at most 3 days back (markets close for a
 *      day or two); month-on-month = the same day of the previous month (clamped: Mar 31 → Feb 28/29),
 *      year-on-year = the same day a year earlier (Feb 29 → Feb 28), each falling back to the latest
 *      earlier point at most 7 days before that date.
 * Base period: by default the full calendar year (data in its January and its December or beyond)
 * in which the most series (product × market) have prices, the earliest of equals — so a country
 * whose markets mostly start later (Bangladesh: Dhaka since 1998, most markets since 2020) is not
 * based on the few early ones; without a full year, the first 12 months of data.
 */

export interface IndexObservation {
  productCode: string;
  category: CategoryCode;
  marketCode: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Any positive price in a consistent unit per product (only ratios matter). */
  price: number;
  volume?: number | null;
}

export type IndexGranularity = 'day' | 'month';

export interface IndexOptions {
  granularity: IndexGranularity;
  /** Inclusive bounds, YYYY-MM-DD or YYYY-MM; default: the first full calendar year. */
  base?: { from: string; to: string };
}

export interface IndexPoint {
  /** YYYY-MM-DD for daily series, YYYY-MM for monthly. */
  period: string;
  /** Base period average = 100. */
  level: number;
  dod: number | null;
  mom: number | null;
  yoy: number | null;
  /** Share (0–1) of the series' weight whose prices were present. 1 for product series. */
  coverage: number;
}

export interface IndexResult {
  granularity: IndexGranularity;
  base: { from: string; to: string; fullCalendarYear: boolean };
  equalWeights: boolean;
  /** Product weights in the composite, summing to 1. */
  weights: Record<string, number>;
  products: Record<string, IndexPoint[]>;
  categories: Partial<Record<CategoryCode, IndexPoint[]>>;
  composite: IndexPoint[];
  excluded: { productCode: string; marketCode: string | null; reason: string }[];
}

const DOD_TOLERANCE_DAYS = 3;
const MOM_YOY_TOLERANCE_DAYS = 7;
const { log, exp } = Math; // local aliases: global lookups are slow in jest's vm sandbox

/**
 * One market's prices of one product: period numbers (day numbers since 1970-01-01 for daily
 * indexes, month numbers — year × 12 + month − 1 — for monthly ones), prices and volumes (NaN
 * when unknown). Callers holding prices by series already pass them as is (no object per price).
 */
export interface SeriesInput {
  product: string;
  category: CategoryCode;
  market: string;
  ts: ArrayLike<number>;
  ps: ArrayLike<number>;
  vs: ArrayLike<number>;
}

/** A dense series over the whole period range: NaN where there is no value. */
interface Dense {
  level: Float64Array;
  coverage: Float64Array;
}

export function computeIndexes(observations: Iterable<IndexObservation>, options: IndexOptions): IndexResult {
  const periodOf = options.granularity === 'day' ? dayNumber : monthNumber;
  // Observations repeat few dates many times; parse each date string once.
  const dateCache = new Map<string, number>();
  const series = new Map<string, SeriesInput & { ts: number[]; ps: number[]; vs: number[] }>();
  for (const o of observations) {
    let t = dateCache.get(o.date);
    if (t === undefined) dateCache.set(o.date, (t = periodOf(o.date)));
    const key = `${o.productCode}\u0000${o.marketCode}`;
    let s = series.get(key);
    if (!s)
      series.set(
        key,
        (s = { product: o.productCode, category: o.category, market: o.marketCode, ts: [], ps: [], vs: [] }),
      );
    s.ts.push(t);
    s.ps.push(o.price);
    s.vs.push(o.volume === null || o.volume === undefined ? NaN : o.volume);
  }
  return computeIndexesOfSeries([...series.values()], options);
}

/** The same from prices already grouped by product and market (what the index refresh reads). */
export function computeIndexesOfSeries(input: readonly SeriesInput[], options: IndexOptions): IndexResult {
  const daily = options.granularity === 'day';
  const categoryOf = new Map<string, CategoryCode>();
  let minT = Infinity;
  let maxT = -Infinity;
  for (const s of input) {
    categoryOf.set(s.product, s.category);
    for (let k = 0; k < s.ts.length; k++) {
      const t = s.ts[k]!;
      if (t < minT) minT = t;
      if (t > maxT) maxT = t;
      const p = s.ps[k]!;
      if (!(p > 0) || !Number.isFinite(p))
        throw new RangeError(`price must be positive: ${s.product} ${s.market} ${periodLabel(t, daily)} ${p}`);
    }
  }
  const monthOfPeriod = (t: number) => (daily ? monthNumber(fromDayNumber(t)) : t);
  const firstMonth = Number.isFinite(minT) ? monthOfPeriod(minT) : Infinity;
  const lastMonth = Number.isFinite(maxT) ? monthOfPeriod(maxT) : -Infinity;
  const base = resolveBase(options.base, firstMonth, lastMonth, () => seriesPerYear(input, minT, maxT, daily));
  const [baseFrom, baseTo] = daily
    ? [dayNumber(base.from), dayNumber(base.to)]
    : [monthNumber(base.from), monthNumber(base.to)];
  const range = input.length ? maxT - minT + 1 : 0;
  const inBase = (i: number) => i + minT >= baseFrom && i + minT <= baseTo;

  // Per-period buffers reused for every series (cleared through the touched list).
  const sum = new Float64Array(range);
  const count = new Int32Array(range);
  const value = new Float64Array(range);
  const volumeMissing = new Uint8Array(range);

  const byProduct = new Map<string, SeriesInput[]>();
  for (const s of input) {
    const list = byProduct.get(s.product) ?? [];
    list.push(s);
    byProduct.set(s.product, list);
  }

  const excluded: IndexResult['excluded'] = [];
  const relatives = new Map<string, Float64Array>();
  const baseValue = new Map<string, number>();
  let volumesComplete = true;

  for (const [product, list] of [...byProduct].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const logSum = new Float64Array(range);
    const quotes = new Int32Array(range);
    let productValue = 0;
    for (const s of list) {
      const touched: number[] = [];
      for (let k = 0; k < s.ts.length; k++) {
        const i = (s.ts[k] ?? 0) - minT;
        if (count[i] === 0) touched.push(i);
        count[i] = (count[i] ?? 0) + 1;
        sum[i] = (sum[i] ?? 0) + (s.ps[k] ?? 0);
        const v = s.vs[k] ?? NaN;
        if (Number.isNaN(v)) volumeMissing[i] = 1;
        else value[i] = (value[i] ?? 0) + (s.ps[k] ?? 0) * v;
      }
      let bSum = 0;
      let bN = 0;
      for (const i of touched) {
        if (!inBase(i)) continue;
        bSum += (sum[i] ?? 0) / (count[i] ?? 1);
        bN++;
        if (volumeMissing[i]) volumesComplete = false;
        productValue += value[i] ?? 0;
      }
      if (bN === 0)
        excluded.push({ productCode: product, marketCode: s.market, reason: 'no price in the base period' });
      else {
        const logBase = log(bSum / bN);
        for (const i of touched) {
          logSum[i] = (logSum[i] ?? 0) + log((sum[i] ?? 0) / (count[i] ?? 1)) - logBase;
          quotes[i] = (quotes[i] ?? 0) + 1;
        }
      }
      for (const i of touched) {
        sum[i] = 0;
        count[i] = 0;
        value[i] = 0;
        volumeMissing[i] = 0;
      }
    }
    const rel = new Float64Array(range).fill(NaN);
    let baseSum = 0;
    let baseN = 0;
    for (let i = 0; i < range; i++) {
      const q = quotes[i] ?? 0;
      if (q === 0) continue;
      const g = exp((logSum[i] ?? 0) / q);
      rel[i] = g;
      if (inBase(i)) {
        baseSum += g;
        baseN++;
      }
    }
    if (baseN === 0) {
      excluded.push({ productCode: product, marketCode: null, reason: 'no market has a price in the base period' });
      continue;
    }
    const scale = 100 / (baseSum / baseN);
    for (let i = 0; i < range; i++) rel[i] = (rel[i] ?? NaN) * scale;
    relatives.set(product, rel);
    baseValue.set(product, productValue);
  }

  const included = [...relatives.keys()];
  const totalValue = included.reduce((acc, p) => acc + (baseValue.get(p) ?? 0), 0);
  const equalWeights = !volumesComplete || !(totalValue > 0);
  const weights: Record<string, number> = {};
  for (const p of included) weights[p] = equalWeights ? 1 / included.length : (baseValue.get(p) ?? 0) / totalValue;

  const calendar = daily ? dailyCalendar(minT, range) : null;
  const finish = (dense: Dense) => withChanges(dense, minT, calendar);

  const products: Record<string, IndexPoint[]> = {};
  for (const p of included) {
    const level = relatives.get(p) ?? new Float64Array(range);
    products[p] = finish({ level, coverage: new Float64Array(range).fill(1) });
  }

  const categories: Partial<Record<CategoryCode, IndexPoint[]>> = {};
  const byCategory = new Map<CategoryCode, string[]>();
  for (const p of included) {
    const c = categoryOf.get(p);
    if (!c) continue;
    const list = byCategory.get(c) ?? [];
    list.push(p);
    byCategory.set(c, list);
  }
  for (const [c, members] of byCategory) categories[c] = finish(weightedMean(members, relatives, weights, range));
  const composite = finish(weightedMean(included, relatives, weights, range));

  return { granularity: options.granularity, base, equalWeights, weights, products, categories, composite, excluded };
}

function weightedMean(
  members: string[],
  relatives: Map<string, Float64Array>,
  weights: Record<string, number>,
  range: number,
): Dense {
  const totalWeight = members.reduce((acc, p) => acc + (weights[p] ?? 0), 0);
  const sum = new Float64Array(range);
  const present = new Float64Array(range);
  for (const p of members) {
    const w = weights[p] ?? 0;
    const rel = relatives.get(p);
    if (!rel) continue;
    for (let i = 0; i < range; i++) {
      const r = rel[i] ?? NaN;
      if (Number.isNaN(r)) continue;
      sum[i] = (sum[i] ?? 0) + w * r;
      present[i] = (present[i] ?? 0) + w;
    }
  }
  const level = new Float64Array(range).fill(NaN);
  const coverage = new Float64Array(range);
  for (let i = 0; i < range; i++) {
    const w = present[i] ?? 0;
    if (w > 0) {
      level[i] = (sum[i] ?? 0) / w;
      coverage[i] = totalWeight > 0 ? w / totalWeight : 0;
    }
  }
  return { level, coverage };
}

function pct(now: number, before: number): number | null {
  return Number.isNaN(before) ? null : (now / before - 1) * 100;
}

const periodLabel = (t: number, daily: boolean) => (daily ? fromDayNumber(t) : fromMonthNumber(t));

/** Per day of a daily range: its label and the days a month and a year earlier (computed once, not per series). */
type Calendar = { label: string[]; monthAgo: Int32Array; yearAgo: Int32Array };

function dailyCalendar(minT: number, range: number): Calendar {
  const label: string[] = new Array(range);
  const monthAgo = new Int32Array(range);
  const yearAgo = new Int32Array(range);
  for (let i = 0; i < range; i++) {
    const date = fromDayNumber(i + minT);
    label[i] = date;
    monthAgo[i] = dayNumber(addMonths(date, -1));
    yearAgo[i] = dayNumber(addMonths(date, -12));
  }
  return { label, monthAgo, yearAgo };
}

/** Levels with their changes; `calendar` is given for daily series (monthly ones need none). */
function withChanges({ level, coverage }: Dense, minT: number, calendar: Calendar | null): IndexPoint[] {
  const at = (t: number) => {
    const i = t - minT;
    return i >= 0 && i < level.length ? (level[i] ?? NaN) : NaN;
  };
  /** The level at `t`, else the latest one at most `tolerance` periods earlier. */
  const nearestAtOrBefore = (t: number, tolerance: number) => {
    for (let k = 0; k <= tolerance; k++) {
      const v = at(t - k);
      if (!Number.isNaN(v)) return v;
    }
    return NaN;
  };
  const out: IndexPoint[] = [];
  for (let i = 0; i < level.length; i++) {
    const l = level[i] ?? NaN;
    if (Number.isNaN(l)) continue;
    const t = i + minT;
    const cov = coverage[i] ?? 0;
    if (!calendar) {
      out.push({
        period: fromMonthNumber(t),
        level: l,
        dod: null,
        mom: pct(l, at(t - 1)),
        yoy: pct(l, at(t - 12)),
        coverage: cov,
      });
      continue;
    }
    out.push({
      period: calendar.label[i]!,
      level: l,
      dod: pct(l, nearestAtOrBefore(t - 1, DOD_TOLERANCE_DAYS - 1)),
      mom: pct(l, nearestAtOrBefore(calendar.monthAgo[i]!, MOM_YOY_TOLERANCE_DAYS)),
      yoy: pct(l, nearestAtOrBefore(calendar.yearAgo[i]!, MOM_YOY_TOLERANCE_DAYS)),
      coverage: cov,
    });
  }
  return out;
}

/** How many series have a price in each calendar year (periods are days or months). */
function seriesPerYear(input: readonly SeriesInput[], minT: number, maxT: number, daily: boolean): Map<number, number> {
  const yearOf = new Int16Array(Math.max(0, maxT - minT + 1));
  for (let i = 0; i < yearOf.length; i++)
    yearOf[i] = daily ? new Date((i + minT) * 86_400_000).getUTCFullYear() : Math.floor((i + minT) / 12);
  const counts = new Map<number, number>();
  for (const s of input) {
    let last = -1;
    const years = new Set<number>();
    for (let k = 0; k < s.ts.length; k++) {
      const y = yearOf[s.ts[k]! - minT]!;
      if (y !== last) years.add((last = y));
    }
    for (const y of years) counts.set(y, (counts.get(y) ?? 0) + 1);
  }
  return counts;
}

/** Normalises the configured base to dates, or picks the default (see the module comment). */
function resolveBase(
  configured: IndexOptions['base'],
  firstMonth: number,
  lastMonth: number,
  seriesPerYear: () => Map<number, number>,
): IndexResult['base'] {
  const startOf = (s: string) => (s.length === 7 ? `${s}-01` : s);
  const endOf = (s: string) =>
    s.length === 7 ? `${s}-${pad2(daysInMonth(Number(s.slice(0, 4)), Number(s.slice(5, 7))))}` : s;
  if (configured) {
    const from = startOf(configured.from);
    const to = endOf(configured.to);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to)
      throw new RangeError(`invalid base period ${configured.from}..${configured.to}`);
    const fullCalendarYear =
      from.slice(5) === '01-01' && to.slice(5) === '12-31' && from.slice(0, 4) === to.slice(0, 4);
    return { from, to, fullCalendarYear };
  }
  if (!Number.isFinite(firstMonth)) return { from: '1970-01-01', to: '1970-12-31', fullCalendarYear: true };
  const firstFullYear = Math.ceil(firstMonth / 12);
  let best = -1;
  let bestCount = 0;
  const counts = firstFullYear * 12 + 11 <= lastMonth ? seriesPerYear() : new Map<number, number>();
  for (let y = firstFullYear; y * 12 + 11 <= lastMonth; y++) {
    const n = counts.get(y) ?? 0;
    if (n > bestCount) [best, bestCount] = [y, n];
  }
  if (best >= 0) return { from: `${best}-01-01`, to: `${best}-12-31`, fullCalendarYear: true };
  const endMonth = Math.min(firstMonth + 11, lastMonth);
  return { from: startOf(fromMonthNumber(firstMonth)), to: endOf(fromMonthNumber(endMonth)), fullCalendarYear: false };
}

/** The methodology as shown on the page (kept here so text and code change together). */
export const INDEX_METHODOLOGY = {
  en:
    'Fixed-base Laspeyres-type index, base period = 100. Each product relative is the geometric mean across markets of the price divided by ' +
    "that market's base-period average price. Category and composite indexes are weighted arithmetic means of the product relatives, " +
    'weighted by base-period value shares (equal weights when traded volumes are unknown). Day-on-day, month-on-month and year-on-year ' +
    'changes compare with the same series one day, one month and one year earlier.',
  zh:
    '定基拉氏型指数，基期 = 100。单品指数为各市场"报告期价格 ÷ 该市场基期平均价"的几何平均；类别指数与综合指数为单品指数的加权算术平均，' +
    '权重为基期交易额占比（缺少成交量时采用等权重）。日环比、月环比、同比分别与前一日、上月同期、上年同期比较。',
} as const;

import type { DisplayCurrency } from '@/lib/api/schemas/market';
import { DEFAULT_COUNTRY, NATION_REGION_ID, nationOf } from '@/lib/api/schemas/market-ids';
import { addDays, addMonths, todayUtc } from '@/lib/shared/dates';

/** What the functionality page shows; kept in the URL so a view can be shared and reloaded. */
export type RangePreset = '90d' | '6m' | '1y' | '2y' | '5y' | 'custom';
export type Granularity = 'day' | 'week' | 'month';
export type Filters = {
  /** ISO 3166 alpha-3 of the country shown (China first). */
  country: string;
  /** Prices in the country's currency or in USD. */
  currency: DisplayCurrency;
  product: string | null;
  region: string;
  compare: string[];
  range: RangePreset;
  /** Custom window (YYYY-MM-DD), used when range is "custom". */
  from: string;
  to: string;
  granularity: Granularity;
  priceType: 'wholesale' | 'retail';
  seasonal: boolean;
  indexCode: string;
  horizon: number;
};

export const RANGE_PRESETS: readonly RangePreset[] = ['90d', '6m', '1y', '2y', '5y', 'custom'];
export const MAX_COMPARE = 4;

export function windowOf(f: Pick<Filters, 'range' | 'from' | 'to'>, today = todayUtc()): { from: string; to: string } {
  switch (f.range) {
    case '90d':
      return { from: addDays(today, -90), to: today };
    case '6m':
      return { from: addMonths(today, -6), to: today };
    case '1y':
      return { from: addMonths(today, -12), to: today };
    case '2y':
      return { from: addMonths(today, -24), to: today };
    case '5y':
      return { from: addMonths(today, -60), to: today };
    default:
      return { from: f.from <= f.to ? f.from : f.to, to: f.to };
  }
}

/**
 * A series whose last price is older than this is stale: marked "last updated <date>" wherever it
 * appears, and never listed as latest beside today's prices.
 */
export const STALE_DAYS = 60;

export function isStale(lastDay: string | null | undefined, today = todayUtc()): boolean {
  return !!lastDay && lastDay.slice(0, 10) < addDays(today, -STALE_DAYS);
}

/**
 * The window shown: the chosen one, or, when the data ends before a preset window begins, the same
 * period ending on the last price (a visitor sees the last 90 days *of data*, not an empty chart).
 * A custom window is the user's own choice and stays where it is.
 */
export function windowForData(
  f: Pick<Filters, 'range' | 'from' | 'to'>,
  today: string,
  dataEnd: string | null | undefined,
): { from: string; to: string; movedTo: string | null } {
  const chosen = windowOf(f, today);
  if (f.range === 'custom' || !dataEnd || dataEnd >= chosen.from) return { ...chosen, movedTo: null };
  return { ...windowOf(f, dataEnd), movedTo: dataEnd };
}

/**
 * Where an index's prices end: a product's index with that product's prices, a category's with its
 * latest product's, the composite (or an index the menus do not place) with the country's.
 */
export function indexDataEnd(
  index: { scope: string; subject: string | null } | undefined,
  products: readonly { code: string; categoryCode: string; to: string | null }[] | undefined,
  countryEnd: string | null | undefined,
): string | null {
  if (!index || index.scope === 'composite' || !products) return countryEnd ?? null;
  const ends = products
    .filter((p) => (index.scope === 'product' ? p.code : p.categoryCode) === index.subject && p.to)
    .map((p) => p.to!)
    .sort();
  return ends.at(-1) ?? countryEnd ?? null;
}

/** A sensible granularity for a period: days up to a year, weeks up to two, then months. */
export function suggestedGranularity(range: RangePreset): Granularity {
  return range === '2y' ? 'week' : range === '5y' ? 'month' : 'day';
}

export function defaultFilters(today = todayUtc()): Filters {
  return {
    country: DEFAULT_COUNTRY,
    currency: 'local',
    product: null,
    region: NATION_REGION_ID,
    compare: [],
    range: '90d',
    from: addDays(today, -90),
    to: today,
    granularity: 'day',
    priceType: 'wholesale',
    seasonal: false,
    indexCode: 'composite',
    horizon: 6,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[\w\-/\u4e00-\u9fff.:]{1,120}$/;

/** Filters from a query string; anything malformed keeps its default. */
export function parseFilters(search: string, base: Filters = defaultFilters()): Filters {
  const q = new URLSearchParams(search);
  const f = { ...base };
  const country = q.get('country');
  if (country && /^[A-Za-z]{3}$/.test(country)) {
    f.country = country.toUpperCase();
    f.region = nationOf(f.country);
  }
  if (q.get('currency')?.toUpperCase() === 'USD') f.currency = 'USD';
  const product = q.get('product');
  if (product && ID.test(product)) f.product = product;
  const region = q.get('region');
  if (region && ID.test(region)) f.region = region;
  const compare = q.get('compare');
  if (compare)
    f.compare = compare
      .split(',')
      .filter((c) => ID.test(c) && c !== f.region)
      .slice(0, MAX_COMPARE);
  const range = q.get('range');
  if (range && (RANGE_PRESETS as readonly string[]).includes(range)) f.range = range as RangePreset;
  const from = q.get('from');
  const to = q.get('to');
  if (from && DAY.test(from)) f.from = from;
  if (to && DAY.test(to)) f.to = to;
  const g = q.get('granularity');
  if (g === 'day' || g === 'week' || g === 'month') f.granularity = g;
  if (q.get('price') === 'retail') f.priceType = 'retail';
  if (q.get('seasonal') === '1') f.seasonal = true;
  const index = q.get('index');
  if (index && ID.test(index)) f.indexCode = index;
  const h = Number(q.get('horizon'));
  if (Number.isInteger(h) && h >= 1 && h <= 12) f.horizon = h;
  return f;
}

export function serializeFilters(f: Filters): string {
  const q = new URLSearchParams();
  if (f.country !== DEFAULT_COUNTRY) q.set('country', f.country);
  if (f.currency === 'USD') q.set('currency', 'usd');
  if (f.product) q.set('product', f.product);
  if (f.region !== nationOf(f.country)) q.set('region', f.region);
  if (f.compare.length) q.set('compare', f.compare.join(','));
  if (f.range !== '90d') q.set('range', f.range);
  if (f.range === 'custom') {
    q.set('from', f.from);
    q.set('to', f.to);
  }
  if (f.granularity !== 'day') q.set('granularity', f.granularity);
  if (f.priceType === 'retail') q.set('price', 'retail');
  if (f.seasonal) q.set('seasonal', '1');
  if (f.indexCode !== 'composite') q.set('index', f.indexCode);
  if (f.horizon !== 6) q.set('horizon', String(f.horizon));
  const s = q.toString();
  return s ? `?${s}` : '';
}

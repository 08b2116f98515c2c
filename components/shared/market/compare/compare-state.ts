import type { PriceCompareBody } from '@/lib/api/schemas/compare';
import type { CountryMenuDTO, MarketLang, ProductsMenuDTO } from '@/lib/api/schemas/market';
import { addMonths } from '@/lib/shared/dates';

// The compare page's view, kept in its query string so a comparison can be shared and survives a
// reload (docs/market-data.md, "Compare"): `l=CHN~maize~shandong` per line (product and region may
// be empty: the country's staple, its nation), `mode`, `range` or `from`/`to`, `g`.

export const MAX_LINES = 5;
export type CompareMode = 'local' | 'USD' | 'index';
export const RANGES = ['1y', '2y', '5y', 'custom'] as const;
export type CompareRange = (typeof RANGES)[number];
const RANGE_MONTHS = { '1y': 12, '2y': 24, '5y': 60 } as const;

export type LinePick = { country: string; product: string; region: string };
export type CompareView = {
  lines: LinePick[];
  /** As chosen; the page shows USD for lines of two currencies whatever was chosen (`effectiveMode`). */
  mode: CompareMode | null;
  range: CompareRange;
  from: string;
  to: string;
  granularity: 'day' | 'week' | 'month';
};

const ISO3 = /^[A-Z]{3}$/;
const SLUG = /^[a-z0-9][a-z0-9/_-]{0,119}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseView(search: string): CompareView {
  const q = new URLSearchParams(search);
  const lines = q
    .getAll('l')
    .map((v) => {
      const [country = '', product = '', region = ''] = v.split('~');
      return { country: country.toUpperCase(), product, region };
    })
    .filter((l) => ISO3.test(l.country) && (!l.product || SLUG.test(l.product)) && (!l.region || SLUG.test(l.region)))
    .slice(0, MAX_LINES);
  const mode = q.get('mode');
  const range = q.get('range');
  const g = q.get('g');
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  const custom = DAY.test(from) && DAY.test(to) && from <= to;
  return {
    lines,
    mode: mode === 'local' || mode === 'USD' || mode === 'index' ? mode : null,
    range: custom ? 'custom' : (RANGES as readonly string[]).includes(range ?? '') ? (range as CompareRange) : '1y',
    from: custom ? from : '',
    to: custom ? to : '',
    granularity: g === 'day' || g === 'week' ? g : 'month',
  };
}

export function serializeView(v: CompareView): string {
  const q = new URLSearchParams();
  for (const l of v.lines) q.append('l', [l.country, l.product, l.region].join('~').replace(/~+$/, ''));
  if (v.mode) q.set('mode', v.mode);
  if (v.range === 'custom' && v.from && v.to) {
    q.set('from', v.from);
    q.set('to', v.to);
  } else if (v.range !== '1y') q.set('range', v.range);
  if (v.granularity !== 'month') q.set('g', v.granularity);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Lines of two currencies compare in USD or as an index: local is then not on offer. */
export function effectiveMode(v: CompareView, countries: CountryMenuDTO | undefined): CompareMode {
  const currencies = new Set(v.lines.map((l) => countries?.find((c) => c.code === l.country)?.currency ?? l.country));
  const mixed = currencies.size > 1;
  if (v.mode === 'index' || v.mode === 'USD') return v.mode;
  return mixed ? 'USD' : 'local';
}

/** A line's product: the one chosen, else the country's staple (ProductsMenu marks it), else its first. */
export function productOf(line: LinePick, menu: ProductsMenuDTO | undefined) {
  if (!menu) return null;
  return menu.find((p) => p.code === line.product) ?? menu.find((p) => p.staple) ?? menu[0] ?? null;
}

/**
 * The window: as chosen, or the preset's months up to where the latest of the lines' prices end (a
 * series of WFP's ended in 2025 shows its last year, not an empty one up to today).
 */
export function windowOf(v: CompareView, ends: (string | null | undefined)[], today: string) {
  if (v.range === 'custom' && v.from && v.to) return { from: v.from, to: v.to, dataEnd: null };
  const end = ends
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);
  const to = end && end < today ? end : today;
  return { from: addMonths(to, -RANGE_MONTHS[v.range === 'custom' ? '1y' : v.range]), to, dataEnd: end ?? null };
}

/** The call for the lines once every line's product is known; null before. */
export function compareBody(
  v: CompareView,
  products: (string | null)[],
  mode: CompareMode,
  window: { from: string; to: string },
  lang: MarketLang,
): PriceCompareBody | null {
  if (!v.lines.length || products.some((p) => !p)) return null;
  return {
    lines: v.lines.map((l, i) => ({
      productCode: products[i]!,
      country: l.country,
      ...(l.region ? { regionId: l.region } : {}),
    })),
    from: window.from,
    to: window.to,
    granularity: v.granularity,
    show: mode === 'index' ? 'index' : 'price',
    ...(mode === 'USD' ? { currency: 'USD' as const } : mode === 'local' ? { currency: 'local' as const } : {}),
    lang,
  };
}

import type { ProductsMenuDTO } from '@/lib/api/schemas/market';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import type { RangePreset } from '../filters';
import type { Market } from '../use-market';
import type { MarketT } from './parts';

/** "Source: WFP VAM via HDX (CC BY-IGO)" in the page's language (the attribution the licence asks for). */
export const sourceText = (t: MarketT, src: { name: string; licence: string }) =>
  `${t.source}: ${src.name} (${src.licence})`;

/** "CNY/kg", "元/公斤", "BDT/kg", "USD/L": the currency of the figures and the product's unit (the same in every language). */
export const unitOf = (t: MarketT, unit: string, currency: string, lang: Market['lang']) =>
  `${F.currencyLabel(currency, lang)}/${F.unitLabel(unit, t)}`;

export const RANGE_LABEL = {
  '90d': 'range90d',
  '6m': 'range6m',
  '1y': 'range1y',
  '2y': 'range2y',
  '5y': 'range5y',
  custom: 'rangeCustom',
} as const satisfies Record<RangePreset, keyof MarketT>;

/**
 * What an index is computed from, as a sentence: "Indexes follow retail prices in BDT; base … = 100."
 * / "指数依据以BDT计的零售价；基期 … = 100。" (the price type as a word in it, not a label).
 */
export function indexBasisText(
  t: MarketT,
  lang: Market['lang'],
  x: { priceType: ProductsMenuDTO[number]['priceTypes'][number]; currency: string; start: string; end: string },
): string {
  return fmt(t.indexBasis, {
    type: t[x.priceType === 'retail' ? 'retailInText' : 'wholesaleInText'],
    currency: F.currencyLabel(x.currency, lang),
    start: x.start,
    end: x.end,
  });
}

/** "per kg", "每串": the unit a product's prices are per. */
export const perUnit = (t: MarketT, unit: string) => fmt(t.perUnit, { unit: F.unitLabel(unit, t) });

/**
 * A product's unit, span and source for a picker: "per kg · 2011-01 – 2020-10 · WFP VAM via HDX"
 * (months: the span, not the day).
 */
export function productCoverage(t: MarketT, p: ProductsMenuDTO[number]): string {
  const unit = perUnit(t, p.unit);
  if (!p.from || !p.to) return unit;
  const source = [...new Set(p.sources.map((x) => (x.demo ? t.demo : x.name)))].join(', ');
  const span = { from: p.from.slice(0, 7), to: p.to.slice(0, 7) };
  return `${unit} · ${source ? fmt(t.productCoverage, { ...span, source }) : fmt(t.coverage, span)}`;
}

type Named = { code: string; name: string; altName?: string; sourceName?: string | null; aliases?: string[] };

/** A name as the mapping table keys it: lower case, runs of anything but letters and digits one dash. */
const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/**
 * Whether a product answers a search: by its name in either language, the source's name, the
 * mapping table's other names or its code — 番茄 finds the tomatoes on an English page, "tomato"
 * on a Chinese one.
 */
export function productMatches(p: Named, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const k = key(q);
  const names = [p.name, p.altName ?? '', p.sourceName ?? '', p.code];
  return (
    names.some((n) => n.toLowerCase().includes(q) || (k !== '' && key(n).includes(k))) ||
    (k !== '' && (p.aliases ?? []).some((a) => a.includes(k)))
  );
}

/**
 * Each product's name for a picker: with its unit where another product of the list has the same
 * name ("Cabbage · per kg", "Cabbage · per head": one commodity quoted two ways is two series).
 */
export function productNames(t: MarketT, products: readonly { code: string; name: string; unit: string }[]) {
  const seen = new Map<string, number>();
  for (const p of products) seen.set(p.name, (seen.get(p.name) ?? 0) + 1);
  return new Map(
    products.map((p) => [p.code, (seen.get(p.name) ?? 0) > 1 ? `${p.name} · ${perUnit(t, p.unit)}` : p.name]),
  );
}

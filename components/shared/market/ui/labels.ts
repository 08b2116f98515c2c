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

/** A product's span and source for a picker: "2011-01 – 2020-10 · WFP VAM via HDX" (months: the span, not the day). */
export function productCoverage(t: MarketT, p: ProductsMenuDTO[number]): string {
  if (!p.from || !p.to) return '';
  const source = [...new Set(p.sources.map((x) => (x.demo ? t.demo : x.name)))].join(', ');
  const span = { from: p.from.slice(0, 7), to: p.to.slice(0, 7) };
  return source ? fmt(t.productCoverage, { ...span, source }) : fmt(t.coverage, span);
}

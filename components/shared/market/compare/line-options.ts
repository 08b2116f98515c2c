import type { ProductsMenuDTO, RegionNode } from '@/lib/api/schemas/market';
import type { MarketT } from '../ui/parts';
import { productNames } from '../ui/labels';

export type LineOption = { label: string; value: string };

/** A province's markets, through its cities (a city only groups markets and has no prices of its own). */
function marketsOf(node: RegionNode, city?: string): LineOption[] {
  return (node.children ?? []).flatMap((c) =>
    c.level === 'market'
      ? [{ label: `${c.name} · ${city ?? node.name}`, value: c.id }]
      : marketsOf(c, c.level === 'city' ? c.name : city),
  );
}

/** National first (value ''), then each province with prices of the product and its markets. */
export function regionChoices(t: MarketT, tree: RegionNode[] | undefined): LineOption[] {
  const out: LineOption[] = [{ label: t.cmpNational, value: '' }];
  for (const nation of tree ?? [])
    for (const p of nation.children ?? []) out.push({ label: p.name, value: p.id }, ...marketsOf(p));
  return out;
}

/** Each product of a country, named with its unit where two share a name. */
export function productChoices(t: MarketT, menu: ProductsMenuDTO | undefined): LineOption[] {
  const names = productNames(t, menu ?? []);
  return (menu ?? []).map((p) => ({ label: names.get(p.code) ?? p.name, value: p.code }));
}

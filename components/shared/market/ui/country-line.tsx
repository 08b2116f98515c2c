'use client';

import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { indexBasisText } from './labels';
import { ui } from './parts';
import type { SectionProps } from './section-props';

// A day as long as any, for the place held by a line whose dates have not arrived.
const SOME_DAY = '2000-01-01';

/** The country shown: its markets, products, coverage and what its indexes follow (or that it has none). */
export function CountryLine({ m, t }: SectionProps) {
  const c = m.country;
  // Until the countries arrive, the same line with stand-in figures holds its place, unseen: when
  // it appeared, every section below it moved down (a layout shift of 0.14 on a phone).
  if (!c && m.countries.isPending)
    return (
      <p className={ui.provenance} aria-hidden="true" style={{ visibility: 'hidden' }}>
        <span>{m.filters.country} · CNY</span>
        <span>{fmt(t.countryCoverage, { markets: 10, products: 10, from: SOME_DAY, to: SOME_DAY })}</span>
        <span>
          {indexBasisText(t, m.lang, { priceType: 'wholesale', currency: 'CNY', start: SOME_DAY, end: SOME_DAY })}
        </span>
      </p>
    );
  if (!c) return null;
  return (
    <p className={ui.provenance} data-testid="country-line">
      <span>
        {c.name} · {F.currencyLabel(c.currency, m.lang)}
      </span>
      {c.from && c.to && (
        <span>{fmt(t.countryCoverage, { markets: c.markets, products: c.products, from: c.from, to: c.to })}</span>
      )}
      <span>
        {c.index
          ? indexBasisText(t, m.lang, { priceType: c.index.priceType, currency: c.currency, ...c.index.basePeriod })
          : t.noIndex}
      </span>
    </p>
  );
}

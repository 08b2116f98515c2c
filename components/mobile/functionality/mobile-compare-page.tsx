'use client';

import Link from 'next/link';
import { useMemo } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import { useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { CompareCsv, CompareCsvStatus, CompareResult } from '@/components/shared/market/compare/compare-view';
import { IsoDateInput } from '@/components/shared/market/iso-date-input';
import { productChoices, regionChoices } from '@/components/shared/market/compare/line-options';
import { MAX_LINES, RANGES, type CompareMode } from '@/components/shared/market/compare/compare-state';
import { useCompare, type Compare } from '@/components/shared/market/compare/use-compare';
import { Panel, type MarketT } from '@/components/shared/market/ui/parts';
import c from '@/components/shared/market/compare/compare.module.css';
import s from './mobile-functionality.module.css';

const RANGE_TEXT = { '1y': 'range1y', '2y': 'range2y', '5y': 'range5y', custom: 'rangeCustom' } as const;

/** Phone /mobileFunctionality/compare: the desktop page's lines and figures with native controls (as the market page). */
export function MobileComparePage() {
  const t = useT('market');
  const m = useCompare(t);
  const mixed = new Set(m.view.lines.map((l) => m.countries.find((x) => x.code === l.country)?.currency)).size > 1;
  const modes: { value: CompareMode; label: string; disabled?: boolean }[] = [
    { value: 'local', label: t.cmpLocal, disabled: mixed },
    { value: 'USD', label: t.cmpUsd },
    { value: 'index', label: t.cmpIndex },
  ];
  return (
    <div className={s.page}>
      <header className={s.head}>
        <h1>{t.cmpTitle}</h1>
        <p>
          {t.cmpLead}{' '}
          <Link prefetch={false} href="/mobileFunctionality">
            {t.title}
          </Link>
        </p>
      </header>
      <form className={c.mLines} aria-label={t.cmpLines} onSubmit={(e) => e.preventDefault()}>
        {m.view.lines.map((l, i) => (
          <MobileLine key={i} m={m} t={t} i={i} />
        ))}
        <div className={c.addRow}>
          <button
            type="button"
            className={c.mChip}
            onClick={m.addLine}
            disabled={m.view.lines.length >= MAX_LINES}
            data-testid="compare-add"
          >
            + {t.cmpAdd}
          </button>
          {m.view.lines.length >= MAX_LINES && <span className={c.hint}>{fmt(t.cmpMax, { max: MAX_LINES })}</span>}
        </div>
        <div className={c.mChips} role="group" aria-label={t.cmpShow} data-testid="compare-mode">
          <span className={c.mChipsLabel}>{t.cmpShow}</span>
          {modes.map((o) => (
            <button
              key={o.value}
              type="button"
              className={c.mChip}
              aria-pressed={m.mode === o.value}
              disabled={o.disabled}
              onClick={() => m.set({ mode: o.value })}
            >
              {o.label}
            </button>
          ))}
        </div>
        <div className={c.mChips} role="group" aria-label={t.cmpPeriod}>
          <span className={c.mChipsLabel}>{t.cmpPeriod}</span>
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              className={c.mChip}
              aria-pressed={m.view.range === r}
              onClick={() =>
                m.set(
                  r === 'custom' ? { range: r, from: m.window.from, to: m.window.to } : { range: r, from: '', to: '' },
                )
              }
            >
              {t[RANGE_TEXT[r]]}
            </button>
          ))}
        </div>
        {m.view.range === 'custom' && (
          <div className={c.mLine}>
            <label className={c.mField}>
              {t.from}
              <IsoDateInput value={m.view.from} max={m.view.to} onChange={(from) => m.set({ from })} />
            </label>
            <label className={c.mField}>
              {t.to}
              <IsoDateInput value={m.view.to} min={m.view.from} onChange={(to) => m.set({ to })} />
            </label>
          </div>
        )}
        <div className={c.mChips} role="group" aria-label={t.granularity}>
          <span className={c.mChipsLabel}>{t.granularity}</span>
          {(['month', 'week', 'day'] as const).map((g) => (
            <button
              key={g}
              type="button"
              className={c.mChip}
              aria-pressed={m.view.granularity === g}
              onClick={() => m.set({ granularity: g })}
            >
              {t[g]}
            </button>
          ))}
        </div>
      </form>
      <Panel id="compare" title={t.cmpChartTitle} actions={<CompareCsv c={m} t={t} />}>
        <CompareResult c={m} t={t} compact />
        <CompareCsvStatus c={m} t={t} />
      </Panel>
    </div>
  );
}

function MobileLine({ m, t, i }: { m: Compare; t: MarketT; i: number }) {
  const line = m.view.lines[i]!;
  const product = m.products[i];
  const regions = useApiQuery(
    'GetRegion',
    { body: { productCode: product?.code ?? '', country: line.country, lang: m.lang } },
    { enabled: !!product, staleTime: 300_000 },
  );
  const products = useMemo(() => productChoices(t, m.menuOf(line.country)), [t, m, line.country]);
  const places = useMemo(() => regionChoices(t, regions.data), [t, regions.data]);
  const n = i + 1;
  const name = fmt(t.cmpLine, { n });
  return (
    <fieldset className={c.mLine} data-testid="compare-line">
      <legend>
        {name}
        <button
          type="button"
          className={c.mRemove}
          onClick={() => m.removeLine(i)}
          disabled={m.view.lines.length <= 1}
          aria-label={fmt(t.cmpRemove, { n })}
        >
          ×
        </button>
      </legend>
      <label className={c.mField}>
        {t.cmpCountry}
        <select
          value={line.country}
          onChange={(e) => m.setLine(i, { country: e.target.value, product: '', region: '' })}
          aria-label={`${name}: ${t.cmpCountry}`}
          data-testid="compare-country"
        >
          {m.countries.length === 0 && <option value={line.country}>{t.loading}</option>}
          {m.countries.map((x) => (
            <option key={x.code} value={x.code}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <label className={c.mField}>
        {t.cmpRegion}
        <select
          value={line.region}
          onChange={(e) => m.setLine(i, { region: e.target.value })}
          aria-label={`${name}: ${t.cmpRegion}`}
          data-testid="compare-region"
        >
          {!places.some((p) => p.value === line.region) && <option value={line.region}>{t.loading}</option>}
          {places.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <label className={`${c.mField} ${c.mWide}`}>
        {t.cmpProduct}
        <select
          value={product?.code ?? ''}
          onChange={(e) => m.setLine(i, { product: e.target.value, region: '' })}
          aria-label={`${name}: ${t.cmpProduct}`}
          data-testid="compare-product"
        >
          {!product && <option value="">{t.loading}</option>}
          {products.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

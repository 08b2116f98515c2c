'use client';

import { Button, Select } from 'antd';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useMemo } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import { useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { CompareCsv, CompareCsvStatus, CompareResult } from '@/components/shared/market/compare/compare-view';
import { productChoices, regionChoices } from '@/components/shared/market/compare/line-options';
import {
  MAX_LINES,
  RANGES,
  type CompareMode,
  type CompareRange,
} from '@/components/shared/market/compare/compare-state';
import { useCompare, type Compare } from '@/components/shared/market/compare/use-compare';
import { Panel, type MarketT } from '@/components/shared/market/ui/parts';
import c from '@/components/shared/market/compare/compare.module.css';
import s from './functionality.module.css';
import { SegmentedField } from './segmented-field';

// The date picker's code (and dayjs') loads only with the custom period.
const CustomDates = dynamic(() => import('./custom-dates'));

const RANGE_TEXT = { '1y': 'range1y', '2y': 'range2y', '5y': 'range5y', custom: 'rangeCustom' } as const;

/** Desktop /functionality/compare: up to 5 lines of any product × region × country (docs/market-data.md, "Compare"). */
export function ComparePage() {
  const t = useT('market');
  const m = useCompare(t);
  const countryOptions = useMemo(
    () => m.countries.map((x) => ({ label: `${x.name} · ${x.currency}`, value: x.code })),
    [m.countries],
  );
  const mixed = new Set(m.view.lines.map((l) => m.countries.find((x) => x.code === l.country)?.currency)).size > 1;
  return (
    <div className={`container ${s.page}`}>
      <header className={s.head}>
        <h1>{t.cmpTitle}</h1>
        <p>
          {t.cmpLead}{' '}
          <Link prefetch={false} href="/functionality">
            {t.title}
          </Link>
        </p>
      </header>
      <form className={c.lines} aria-label={t.cmpLines} onSubmit={(e) => e.preventDefault()}>
        {m.view.lines.map((l, i) => (
          <LineRow key={i} m={m} t={t} i={i} countryOptions={countryOptions} />
        ))}
        <div className={c.addRow}>
          <Button onClick={m.addLine} disabled={m.view.lines.length >= MAX_LINES} data-testid="compare-add">
            {t.cmpAdd}
          </Button>
          {m.view.lines.length >= MAX_LINES && <span className={c.hint}>{fmt(t.cmpMax, { max: MAX_LINES })}</span>}
        </div>
      </form>
      <div className={c.controls}>
        <SegmentedField<CompareMode>
          label={t.cmpShow}
          value={m.mode}
          options={[
            { value: 'local', label: t.cmpLocal, disabled: mixed },
            { value: 'USD', label: t.cmpUsd },
            { value: 'index', label: t.cmpIndex },
          ]}
          onChange={(v) => m.set({ mode: v })}
          data-testid="compare-mode"
        />
        <SegmentedField<CompareRange>
          label={t.cmpPeriod}
          value={m.view.range}
          options={RANGES.map((r) => ({ value: r, label: t[RANGE_TEXT[r]] }))}
          onChange={(v) =>
            m.set(v === 'custom' ? { range: v, from: m.window.from, to: m.window.to } : { range: v, from: '', to: '' })
          }
        />
        {m.view.range === 'custom' && (
          <div className={s.field}>
            <span>
              {t.from} – {t.to}
            </span>
            <CustomDates
              from={m.view.from || m.window.from}
              to={m.view.to || m.window.to}
              max={m.today}
              labels={{ from: t.from, to: t.to }}
              onChange={(from, to) => m.set({ from, to })}
            />
          </div>
        )}
        <SegmentedField<'day' | 'week' | 'month'>
          label={t.granularity}
          value={m.view.granularity}
          options={(['month', 'week', 'day'] as const).map((g) => ({ value: g, label: t[g] }))}
          onChange={(v) => m.set({ granularity: v })}
        />
      </div>
      <Panel id="compare" title={t.cmpChartTitle} actions={<CompareCsv c={m} t={t} />}>
        <CompareResult c={m} t={t} />
        <CompareCsvStatus c={m} t={t} />
      </Panel>
    </div>
  );
}

function LineRow({
  m,
  t,
  i,
  countryOptions,
}: {
  m: Compare;
  t: MarketT;
  i: number;
  countryOptions: { label: string; value: string }[];
}) {
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
  return (
    <fieldset className={c.line} data-testid="compare-line">
      <legend>{fmt(t.cmpLine, { n })}</legend>
      <label className={c.field}>
        <span>{t.cmpCountry}</span>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 190 }}
          value={line.country}
          options={countryOptions.length ? countryOptions : [{ label: t.loading, value: line.country }]}
          onChange={(v: string) => m.setLine(i, { country: v, product: '', region: '' })}
          aria-label={`${fmt(t.cmpLine, { n })}: ${t.cmpCountry}`}
          data-testid="compare-country"
        />
      </label>
      <label className={c.field}>
        <span>{t.cmpProduct}</span>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 240 }}
          value={product?.code}
          placeholder={t.loading}
          options={products}
          onChange={(v: string) => m.setLine(i, { product: v, region: '' })}
          aria-label={`${fmt(t.cmpLine, { n })}: ${t.cmpProduct}`}
          data-testid="compare-product"
        />
      </label>
      <label className={c.field}>
        <span>{t.cmpRegion}</span>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 240 }}
          value={line.region}
          options={
            places.some((p) => p.value === line.region) ? places : [...places, { label: t.loading, value: line.region }]
          }
          onChange={(v: string) => m.setLine(i, { region: v })}
          aria-label={`${fmt(t.cmpLine, { n })}: ${t.cmpRegion}`}
          data-testid="compare-region"
        />
      </label>
      <Button
        type="text"
        onClick={() => m.removeLine(i)}
        disabled={m.view.lines.length <= 1}
        aria-label={fmt(t.cmpRemove, { n })}
        className={c.remove}
      >
        ×
      </Button>
    </fieldset>
  );
}

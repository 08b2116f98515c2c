'use client';

import Link from 'next/link';
import { COMPARE_PATH, DATA_STATUS_PATH } from '@/lib/routing/sections';
import { mobilePathFor } from '@/lib/routing/mobile-path';
import { useDeferredValue, useMemo } from 'react';
import type { RegionNode } from '@/lib/api/schemas/market';
import { useT } from '@/lib/i18n/client';
import { MAX_COMPARE, RANGE_PRESETS } from '@/components/shared/market/filters';
import { IsoDateInput } from '@/components/shared/market/iso-date-input';
import { useMarket, type Market } from '@/components/shared/market/use-market';
import { useOfflineWorker } from '@/components/shared/network/offline-worker';
import { Panel, regionName, ui, type MarketT } from '@/components/shared/market/ui/parts';
import { CountryLine } from '@/components/shared/market/ui/country-line';
import { ExportButton } from '@/components/shared/market/ui/export-controls';
import { ForecastBody } from '@/components/shared/market/ui/forecast-section';
import { IndexBody } from '@/components/shared/market/ui/index-section';
import { productCoverage, RANGE_LABEL } from '@/components/shared/market/ui/labels';
import { OverviewBody } from '@/components/shared/market/ui/overview-section';
import { PriceListBody } from '@/components/shared/market/ui/price-list-section';
import { MapBody } from '@/components/shared/market/map/map-section';
import { ChartTools } from '@/components/shared/market/tools/chart-tools';
import { RegionLatest } from '@/components/shared/market/ui/region-latest';
import { TrendBody } from '@/components/shared/market/ui/trend-section';
import { setUpColour, useUpColour } from '@/components/shared/market/up-colour';
import s from './mobile-functionality.module.css';

const MOBILE_DATA_STATUS_PATH = mobilePathFor(DATA_STATUS_PATH) ?? DATA_STATUS_PATH;

/** Regions as indented options: nation, provinces, cities (which only group markets), markets. */
function regionOptions(
  nodes: RegionNode[] | undefined,
  depth = 0,
): { value: string; label: string; disabled: boolean }[] {
  return (nodes ?? []).flatMap((n) => [
    { value: n.id, label: `${'\u3000'.repeat(depth)}${n.name}`, disabled: n.level === 'city' },
    ...regionOptions(n.children, depth + 1),
  ]);
}

function MobileFilters({ m, t }: { m: Market; t: MarketT }) {
  const { filters, setFilters } = m;
  const regions = useMemo(() => regionOptions(m.regionsQuery.data), [m.regionsQuery.data]);
  const groups = useMemo(() => {
    const g = new Map<string, { name: string; items: { code: string; name: string }[] }>();
    for (const p of m.products.data ?? []) {
      const x = g.get(p.categoryCode) ?? { name: p.categoryName, items: [] };
      // A native option is one line: the name (and the source's, where it differs), then its unit,
      // span and source.
      const name = p.sourceName ? `${p.name} · ${p.sourceName}` : p.name;
      x.items.push({ code: p.code, name: `${name} (${productCoverage(t, p)})` });
      g.set(p.categoryCode, x);
    }
    return [...g.values()];
  }, [m.products.data, t]);
  const up = useUpColour();
  const name = (id: string) => regionName(m, t, id);
  return (
    <form className={s.filters} aria-label={t.controls} onSubmit={(e) => e.preventDefault()}>
      <div className={s.row}>
        <label className={s.field}>
          {t.country}
          <select
            value={filters.country}
            onChange={(e) => setFilters({ country: e.target.value })}
            data-testid="m-country"
          >
            {(m.countries.data ?? [{ code: filters.country, name: t.loading, currency: '' }]).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
                {c.currency && ` · ${c.currency}`}
              </option>
            ))}
          </select>
        </label>
        <div className={s.field} role="group" aria-label={t.currency}>
          {t.currency}
          <div className={s.chips}>
            {(['local', 'USD'] as const).map((c) => (
              <button
                key={c}
                type="button"
                className={s.chip}
                aria-pressed={filters.currency === c}
                disabled={c === 'USD' && m.country !== null && !m.country.usd}
                onClick={() => setFilters({ currency: c })}
                data-testid={`m-currency-${c}`}
              >
                {c === 'USD' ? t.currencyUsd : (m.country?.currency ?? t.currencyLocal)}
              </button>
            ))}
          </div>
        </div>
      </div>
      {/* Product and region a row each: a phone shows their whole names. */}
      <div className={s.rowOne}>
        <label className={s.field}>
          {t.product}
          <select
            value={filters.product ?? ''}
            onChange={(e) => setFilters({ product: e.target.value })}
            data-testid="m-product"
          >
            {!filters.product && <option value="">{t.productPlaceholder}</option>}
            {groups.map((g) => (
              <optgroup key={g.name} label={g.name}>
                {g.items.map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      </div>
      <div className={s.rowOne}>
        <label className={s.field}>
          {t.region}
          <select
            value={filters.region}
            onChange={(e) => setFilters({ region: e.target.value })}
            data-testid="m-region"
          >
            {regions.length === 0 && <option value={filters.region}>{name(filters.region)}</option>}
            {regions.map((r) => (
              <option key={r.value} value={r.value} disabled={r.disabled}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={s.chips} role="group" aria-label={t.range}>
        {RANGE_PRESETS.map((r) => (
          <button
            key={r}
            type="button"
            className={s.chip}
            aria-pressed={filters.range === r}
            onClick={() =>
              setFilters(r === 'custom' ? { range: r, from: m.window.from, to: m.window.to } : { range: r })
            }
          >
            {t[RANGE_LABEL[r]]}
          </button>
        ))}
      </div>
      {filters.range === 'custom' && (
        <div className={s.row}>
          <label className={s.field}>
            {t.from}
            <IsoDateInput value={filters.from} max={filters.to} onChange={(from) => setFilters({ from })} />
          </label>
          <label className={s.field}>
            {t.to}
            <IsoDateInput value={filters.to} min={filters.from} max={m.today} onChange={(to) => setFilters({ to })} />
          </label>
        </div>
      )}
      <details className={s.more}>
        <summary>
          {t.granularity} · {t.priceType} · {t.compare} · {t.upColour}
        </summary>
        <div className={s.chips} role="group" aria-label={t.granularity}>
          <span className={s.chipsLabel}>{t.granularity}</span>
          {(['day', 'week', 'month'] as const).map((g) => (
            <button
              key={g}
              type="button"
              className={s.chip}
              aria-pressed={filters.granularity === g}
              onClick={() => setFilters({ granularity: g })}
            >
              {t[g]}
            </button>
          ))}
        </div>
        <div className={s.chips} role="group" aria-label={t.priceType}>
          <span className={s.chipsLabel}>{t.priceType}</span>
          {(['wholesale', 'retail'] as const).map((p) => (
            <button
              key={p}
              type="button"
              className={s.chip}
              aria-pressed={filters.priceType === p}
              onClick={() => setFilters({ priceType: p })}
            >
              {t[p]}
            </button>
          ))}
        </div>
        <div className={s.chips} role="group" aria-label={t.upColour}>
          <span className={s.chipsLabel}>{t.upColour}</span>
          {(['red', 'green'] as const).map((c) => (
            <button
              key={c}
              type="button"
              className={s.chip}
              aria-pressed={up === c}
              onClick={() => setUpColour(c)}
              data-testid={`m-up-${c}`}
            >
              <span className={ui[c]}>{c === 'red' ? t.upRed : t.upGreen}</span>
            </button>
          ))}
        </div>
        <label className={s.toggle}>
          <input
            type="checkbox"
            checked={filters.seasonal}
            onChange={(e) => setFilters({ seasonal: e.target.checked })}
          />
          {t.seasonal}
        </label>
        <label className={s.field}>
          {t.compare}
          <select
            value=""
            disabled={filters.compare.length >= MAX_COMPARE}
            onChange={(e) =>
              e.target.value && setFilters({ compare: [...filters.compare, e.target.value].slice(0, MAX_COMPARE) })
            }
          >
            <option value="">{t.comparePlaceholder}</option>
            {regions
              .filter((r) => r.value !== filters.region && !filters.compare.includes(r.value))
              .map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
          </select>
        </label>
        {filters.compare.length > 0 && (
          <div className={s.chips}>
            {filters.compare.map((c) => (
              <button
                key={c}
                type="button"
                className={s.chip}
                aria-label={`${name(c)} ×`}
                onClick={() => setFilters({ compare: filters.compare.filter((x) => x !== c) })}
              >
                <span className={s.removable}>{name(c)} ×</span>
              </button>
            ))}
          </div>
        )}
      </details>
    </form>
  );
}

/** Mobile /mobileFunctionality: the same parts as the desktop page, stacked for a phone. */
export function MobileFunctionalityPage() {
  const t = useT('market');
  const m = useMarket();
  // A phone keeps the last prices it showed, readable offline (docs/screens.md, "Bad connections").
  useOfflineWorker();
  // The panels show a deferred copy of the page's state: each answer re-renders the controls at
  // once, and the panels after, in a render React interrupts every few ms (docs/decisions/
  // market-page-main-thread.md). The panels are memoised: the urgent render passes them the same copy.
  const shown = useDeferredValue(m);
  return (
    <div className={s.page}>
      <header className={s.head}>
        <h1>{t.title}</h1>
        <p>
          {t.lead}{' '}
          <span className={s.leadLinks}>
            <Link prefetch={false} href={MOBILE_DATA_STATUS_PATH}>
              {t.dataStatusLink}
            </Link>{' '}
            <Link prefetch={false} href={mobilePathFor(COMPARE_PATH) ?? COMPARE_PATH} data-testid="compare-link">
              {t.cmpLink}
            </Link>
          </span>
        </p>
      </header>
      <MobileFilters m={m} t={t} />
      <CountryLine m={m} t={t} />
      <nav className={s.nav} aria-label={t.title}>
        <a href="#chart">{t.overview}</a>
        <a href="#chartIndex">{t.indexTitle}</a>
        <a href="#chartForecast">{t.forecastTitle}</a>
        <a href="#priceTrend">{t.trendTitle}</a>
        <a href="#list">{t.listTitle}</a>
      </nav>
      <div className={s.stack}>
        <Panel id="chart" title={t.overview}>
          {/* The overview holds the first chart: it renders with each answer, not from the deferred copy. */}
          <OverviewBody m={m} t={t} compact />
          <div style={{ marginTop: 10 }}>
            <RegionLatest m={shown} t={t} compact />
          </div>
        </Panel>
        <Panel
          id="chartIndex"
          title={t.indexTitle}
          actions={
            <>
              <select
                aria-label={t.indexPick}
                value={m.indexCode}
                onChange={(e) => m.setFilters({ indexCode: e.target.value })}
                style={{ maxWidth: '100%', minHeight: 34 }}
              >
                {(m.indexMenu.data ?? []).map((i) => (
                  <option key={i.code} value={i.code}>
                    {i.name}
                  </option>
                ))}
              </select>
              <ChartTools m={shown} t={t} kind="index" />
            </>
          }
        >
          <IndexBody m={shown} t={t} compact />
        </Panel>
        <Panel id="chartForecast" title={t.forecastTitle} actions={<ChartTools m={shown} t={t} kind="forecast" />}>
          <ForecastBody m={shown} t={t} compact />
        </Panel>
        <Panel
          id="priceTrend"
          title={t.trendTitle}
          actions={
            <>
              <ExportButton m={m} t={t} kind="trend" />
              <ChartTools m={shown} t={t} kind="trend" />
            </>
          }
        >
          <TrendBody m={shown} t={t} compact />
        </Panel>
        <Panel id="list" title={t.listTitle}>
          <PriceListBody m={shown} t={t} compact />
        </Panel>
        <Panel id="map" title={t.mapTitle}>
          <MapBody m={shown} t={t} compact />
        </Panel>
      </div>
    </div>
  );
}

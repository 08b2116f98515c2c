'use client';

import { Select } from 'antd';
import Link from 'next/link';
import { COMPARE_PATH, DATA_STATUS_PATH } from '@/lib/routing/sections';
import { useDeferredValue } from 'react';
import { useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { useMarket } from '@/components/shared/market/use-market';
import { CountryLine } from '@/components/shared/market/ui/country-line';
import { ExportButton } from '@/components/shared/market/ui/export-controls';
import { ForecastBody } from '@/components/shared/market/ui/forecast-section';
import { IndexBody } from '@/components/shared/market/ui/index-section';
import { OverviewBody } from '@/components/shared/market/ui/overview-section';
import { PriceListBody } from '@/components/shared/market/ui/price-list-section';
import { MapBody } from '@/components/shared/market/map/map-section';
import { ChartTools } from '@/components/shared/market/tools/chart-tools';
import { RegionLatest } from '@/components/shared/market/ui/region-latest';
import { TrendBody } from '@/components/shared/market/ui/trend-section';
import { Panel } from '@/components/shared/market/ui/parts';
import { FiltersBar } from './filters-bar';
import s from './functionality.module.css';

/** Desktop /functionality: the parts of docs/screens.md (chart, chartIndex, chartForecast, priceTrend, list). */
export function FunctionalityPage() {
  const t = useT('market');
  const m = useMarket();
  // The panels show a deferred copy of the page's state: each answer re-renders the controls at
  // once, and the panels after, in a render React interrupts every few ms (docs/decisions/
  // market-page-main-thread.md). The panels are memoised: the urgent render passes them the same copy.
  const shown = useDeferredValue(m);
  return (
    <div className={`container ${s.page}`}>
      <header className={s.head}>
        <h1>{t.title}</h1>
        <p>
          {t.lead}{' '}
          <span className={s.leadLinks}>
            <Link prefetch={false} href={DATA_STATUS_PATH}>
              {t.dataStatusLink}
            </Link>{' '}
            <Link prefetch={false} href={COMPARE_PATH} data-testid="compare-link">
              {t.cmpLink}
            </Link>
          </span>
        </p>
        <a className="visually-hidden" href="#list">
          {t.skipToList}
        </a>
      </header>
      <FiltersBar m={m} t={t} />
      <CountryLine m={m} t={t} />
      <div className={s.stack}>
        <Panel id="chart" title={t.overview}>
          {/* The overview holds the first chart: it renders with each answer, not from the deferred copy. */}
          <OverviewBody m={m} t={t} />
          <div style={{ marginTop: 14 }}>
            <RegionLatest m={shown} t={t} />
          </div>
        </Panel>
        <div className={s.twoCols}>
          <Panel
            id="chartIndex"
            title={t.indexTitle}
            actions={
              <>
                <Select
                  size="small"
                  // As wide as the index's name ("Agricultural wholesale price index (composite)" was cut
                  // to "Agricultural wholesale p…"); the panel's head wraps it under the title.
                  style={{ width: 'max-content', minWidth: 220, maxWidth: '100%' }}
                  aria-label={t.indexPick}
                  value={m.indexMenu.data ? m.indexCode : undefined}
                  loading={m.indexMenu.isLoading}
                  options={(m.indexMenu.data ?? []).map((i) => ({ value: i.code, label: i.name }))}
                  onChange={(v: string) => m.setFilters({ indexCode: v })}
                />
                <ExportButton m={m} t={t} kind="index" />
                <ChartTools m={shown} t={t} kind="index" />
              </>
            }
          >
            <IndexBody m={shown} t={t} />
          </Panel>
          <Panel
            id="chartForecast"
            title={t.forecastTitle}
            actions={
              <>
                <Select
                  size="small"
                  style={{ minWidth: 150 }}
                  popupMatchSelectWidth={false}
                  aria-label={t.horizon}
                  value={m.filters.horizon}
                  options={[3, 6, 12].map((h) => ({ value: h, label: fmt(t.horizonOption, { months: h }) }))}
                  onChange={(v: number) => m.setFilters({ horizon: v })}
                />
                <ExportButton m={m} t={t} kind="forecast" />
                <ChartTools m={shown} t={t} kind="forecast" />
              </>
            }
          >
            <ForecastBody m={shown} t={t} />
          </Panel>
        </div>
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
          <TrendBody m={shown} t={t} />
        </Panel>
        <Panel id="list" title={t.listTitle}>
          <PriceListBody m={shown} t={t} />
        </Panel>
        <Panel id="map" title={t.mapTitle}>
          <MapBody m={shown} t={t} />
        </Panel>
      </div>
    </div>
  );
}

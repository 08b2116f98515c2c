'use client';

import { memo, useMemo } from 'react';
import type { PriceTrendDTO } from '@/lib/api/schemas/market';
import { RequestError } from '@/lib/api/request-error';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { TrendChart } from '../lazy-charts';
import { trendRows } from '../trend-rows';
import { lockOf, type Lock } from '../unlock';
import { ExportStatus } from './export-controls';
import { unitOf } from './labels';
import { Change, MovedNote, StaleMark } from './marks';
import { DemoTag, FxRate, LockPanel, ProvenanceLine, regionName, ResultView, StateBox, ui } from './parts';
import { NO_LOCKS, type SectionProps } from './section-props';
import { AnomalyBadge, AnomalyLegend } from './anomaly-badge';
import { FollowButton } from '../../alerts/follow-button';
import { useT } from '@/lib/i18n/client';

/** Says so when the server drew a long series with fewer points than it holds. */
function thinnedNote(tr: PriceTrendDTO, t: SectionProps['t'], lang: string) {
  const s = tr.series.find((x) => x.observations > x.points.length);
  if (!s) return null;
  const n = new Intl.NumberFormat(lang);
  return (
    <p className={ui.note} data-testid="trend-thinned">
      {fmt(t.thinned, { observations: n.format(s.observations), points: n.format(s.points.length) })}
    </p>
  );
}

export const TrendBody = memo(function TrendBody({ m, t, compact }: SectionProps) {
  const refused = m.trend.data instanceof RequestError ? lockOf(m.trend.data) : null;
  const allowed = m.trend.allowed;
  // What an export did shows under the panel, also where a lock stands in place of its chart.
  const status = <ExportStatus m={m} t={t} kind="trend" />;
  // Refused, but part of it is the viewer's: draw that part, the locks beside it.
  if (refused && !m.trend.loading && allowed?.data)
    return (
      <>
        <TrendView m={m} t={t} compact={compact} tr={allowed.data} locks={allowed.locks} />
        {status}
      </>
    );
  return (
    <>
      <ResultView<PriceTrendDTO>
        data={m.trend.data}
        loading={m.trend.loading}
        t={t}
        height={320}
        onRetry={() => void m.reload.trend()}
        previous={m.trend.previous}
        onShowFrom={(from) => m.setFilters({ range: 'custom', from, to: m.today })}
      >
        {(tr) => <TrendView m={m} t={t} compact={compact} tr={tr} locks={NO_LOCKS} />}
      </ResultView>
      {status}
    </>
  );
});

function TrendView({ m, t, compact, tr, locks }: SectionProps & { tr: PriceTrendDTO; locks: Lock[] }) {
  const { rows, series, lockedUntil } = useMemo(
    () => trendRows(tr, locks, m.window.from, t.seasonalSpan),
    [tr, locks, m.window.from, t.seasonalSpan],
  );
  // Figures after the exchange rates' last month, converted at its rate: marked on the chart.
  const fx = tr.provenance.fx;
  const pastRates = useMemo(() => {
    const start = fx?.beyondFrom ? rows.find((r) => r.date >= `${fx.beyondFrom}`)?.date : undefined;
    return start && fx?.lastMonth ? { from: start, label: fmt(t.fxBeyondMark, { last: fx.lastMonth }) } : undefined;
  }, [rows, fx, t]);
  const empty = tr.series.every((s) => s.points.length === 0);
  const ta = useT('anomaly');
  // A locked region the answer drew another line for (the nation's): said, not left to the legend.
  const drawn = new Set(tr.series.map((s) => s.regionId));
  const standIns = locks.filter((l) => l.unlock.regionId && !drawn.has(l.unlock.regionId));
  return (
    <>
      <p className={ui.provenance}>
        {/* One item of the line's flex row: its own separators, not the row's gaps, part its pieces. */}
        <span>
          {tr.product.name}
          {tr.product.sourceName && <span lang="en">{fmt(t.sourceNameAside, { name: tr.product.sourceName })}</span>}
          {!tr.product.mapped && !tr.product.sourceName && ` (${t.unmapped})`} · {t[tr.priceType]} ·{' '}
          <span data-testid="trend-unit">{unitOf(t, tr.product.unit, tr.currency, m.lang)}</span>
          {tr.provenance.fx?.rate && (
            <>
              {' · '}
              <FxRate fx={tr.provenance.fx} t={t} lang={m.lang} />
            </>
          )}{' '}
          ·{' '}
          <span data-testid="trend-period">
            {lockedUntil
              ? fmt(t.periodShownFrom, { from: m.window.from, to: tr.to, shown: tr.from })
              : `${tr.from} – ${tr.to}`}
          </span>
        </span>
        {tr.product.demo && <DemoTag t={t} />}
      </p>
      {m.product?.from && m.product.to && (
        <p className={ui.provenance} data-testid="coverage">
          {fmt(t.coverage, { from: m.product.from, to: m.product.to })}
        </p>
      )}
      <MovedNote m={m} t={t} movedTo={m.window.movedTo} />
      {standIns.length > 0 && tr.series.length > 0 && (
        <p className={ui.note} role="status" data-testid="stand-in" style={{ marginBottom: 10 }}>
          {fmt(t.standIn, {
            shown: tr.series.map((s) => s.regionName).join(', '),
            locked: standIns.map((l) => regionName(m, t, l.unlock.regionId!)).join(', '),
          })}
        </p>
      )}
      {locks.map((lock) => (
        <LockPanel key={`${lock.unlock.reason}:${lock.unlock.regionId}`} lock={lock} t={t} inline />
      ))}
      {empty ? (
        <StateBox title={t.empty} body={t.emptyHint} />
      ) : (
        <TrendChart
          rows={rows}
          series={series}
          height={compact ? 240 : 320}
          compact={compact}
          label={`${t.trendTitle} ${tr.product.name}`}
          format={(v) => F.price(m.lang, v, tr.currency)}
          lockedUntil={lockedUntil}
          lockedLabel={t.lockTitle}
          granularity={tr.granularity}
          after={pastRates}
          table={t.chartTable}
        />
      )}
      {thinnedNote(tr, t, m.lang)}
      {tr.seasonalLocked.length > 0 && (
        <p className={ui.note}>{fmt(t.seasonalLocked, { years: tr.seasonalLocked.join(', ') })}</p>
      )}
      <div className={ui.tableScroll} tabIndex={0}>
        <table className={ui.table} data-testid="trend-stats">
          <thead>
            <tr>
              <th>{t.statsRegion}</th>
              <th className={ui.num}>{t.latestPrice}</th>
              <th className={ui.num}>{t.change}</th>
              <th className={ui.num}>{t.periodMin}</th>
              <th className={ui.num}>{t.periodMax}</th>
              <th className={ui.num}>{t.periodAvg}</th>
              <th>{ta.column}</th>
            </tr>
          </thead>
          <tbody>
            {tr.series.map((s) => (
              <tr key={s.regionId}>
                <td>
                  {s.regionName}
                  <StaleMark t={t} last={s.last} today={m.today} />{' '}
                  <FollowButton
                    productCode={tr.product.code}
                    regionId={s.regionId}
                    priceType={tr.priceType}
                    label={`${tr.product.name}, ${s.regionName}`}
                  />
                </td>
                <td className={ui.num}>{F.price(m.lang, s.stats.latest, tr.currency)}</td>
                <td className={ui.num}>
                  <Change lang={m.lang} pct={s.stats.changePct} />
                </td>
                <td className={ui.num}>{F.price(m.lang, s.stats.min, tr.currency)}</td>
                <td className={ui.num}>{F.price(m.lang, s.stats.max, tr.currency)}</td>
                <td className={ui.num}>{F.price(m.lang, s.stats.avg, tr.currency)}</td>
                <td className={ui.wrap}>
                  <AnomalyBadge a={s.anomaly} lang={m.lang} currency={tr.provenance.fx ? null : tr.currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AnomalyLegend />
      <ProvenanceLine provenance={tr.provenance} t={t} unitLabel={unitOf(t, tr.product.unit, tr.currency, m.lang)} />
    </>
  );
}

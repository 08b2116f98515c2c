'use client';

import { memo } from 'react';
import type { PriceAgTrendDTO } from '@/lib/api/schemas/market';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { ForecastChart, type Row } from '../lazy-charts';
import { ExportStatus } from './export-controls';
import { unitOf } from './labels';
import { StaleMark } from './marks';
import { DemoTag, ProvenanceLine, ResultView, ui, WarnTag } from './parts';
import type { SectionProps } from './section-props';
import { FORECAST_RECORD_PATH } from '../forecast-record-path';

// The page renders again on every answer of its dozen calls: a chart's rows are made once per answer
// (and the charts, memoised, draw again only when those change).

/** `make(answer)`, computed once per answer object (React Query keeps an unchanged answer the same object). */
function perAnswer<A extends object, R>(make: (a: A) => R): (a: A) => R {
  const made = new WeakMap<A, R>();
  return (a) => {
    if (!made.has(a)) made.set(a, make(a));
    return made.get(a)!;
  };
}

/**
 * The history and the forecast as chart rows, one per answer: months with a price on the history
 * line, months without on a dotted one that joins their neighbours; the forecast starts from the
 * last month of history.
 */
const forecastRows = perAnswer((f: PriceAgTrendDTO): Row[] => {
  const h = f.history;
  const rows: Row[] = h.map((x, i) => {
    const nextToGap = !x.interpolated && (h[i - 1]?.interpolated || h[i + 1]?.interpolated);
    return {
      date: x.date,
      history: x.interpolated ? null : x.price,
      gap: x.interpolated || nextToGap ? x.price : null,
    };
  });
  rows.push(
    ...f.forecast.map((p) => ({
      date: p.date,
      mid: p.mid,
      band80: [p.lo80, p.hi80] as [number, number],
      band95: [p.lo95, p.hi95] as [number, number],
    })),
  );
  const lastHistory = h.at(-1);
  if (lastHistory && f.forecast.length) rows[h.length - 1] = { ...rows[h.length - 1]!, mid: lastHistory.price };
  return rows;
});

const pct = (lang: string, x: number | null) =>
  x === null ? '–' : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(x);

/** A band's name with how often bands like it held in the published record. */
function bandName(t: SectionProps['t'], lang: string, name: string, held: number | null) {
  return held === null ? name : `${name} (${fmt(t.fcHeld, { pct: pct(lang, held) })})`;
}

/** Why there is no forecast, in place of the chart's forecast part. */
function NoForecast({ f, t }: { f: PriceAgTrendDTO; t: SectionProps['t'] }) {
  const n = f.noForecast;
  if (!n) return null;
  return (
    <p className={ui.note} data-testid="no-forecast" data-reason={n.reason}>
      <strong>
        {n.reason === 'ended'
          ? fmt(t.fcEnded, { month: n.lastMonth })
          : fmt(t.fcTooFew, { observed: n.observed, needed: n.needed })}
      </strong>{' '}
      {n.reason === 'ended' ? t.fcEndedBody : t.fcTooFewBody}
    </p>
  );
}

// What an export did shows under the panel, also where the lock stands in place of the forecast.
export const ForecastBody = memo(function ForecastBody(props: SectionProps) {
  return (
    <>
      <ForecastResult {...props} />
      <ExportStatus m={props.m} t={props.t} kind="forecast" />
    </>
  );
});

function ForecastResult({ m, t, compact }: SectionProps) {
  return (
    <ResultView<PriceAgTrendDTO>
      data={m.agri.data}
      loading={m.agri.loading}
      t={t}
      height={320}
      onRetry={() => void m.reload.agri()}
      previous={m.agri.previous}
    >
      {(f) => {
        const rows = forecastRows(f);
        const mid = f.forecast.at(-1);
        const band80 = bandName(t, m.lang, t.fcBand80, f.model.cover80);
        const band95 = bandName(t, m.lang, t.fcBand95, f.model.cover95);
        const firstShown = f.history[0]?.date ?? '';
        return (
          <>
            <p className={ui.provenance}>
              {/* One flex item, as the trend's line: the model's name is not set apart by the row's gap. */}
              <span>
                {f.product.name} · {f.regionName}
                {f.model.name && (
                  <>
                    {' '}
                    · {t.model}: <span data-verbatim="">{f.model.name}</span>
                  </>
                )}
                {f.forecast.length > 0 && (
                  <>
                    {' '}
                    · <span data-testid="made-on">{fmt(t.fcMadeFrom, { date: f.model.madeOn })}</span>
                  </>
                )}
              </span>
              {/* A stopped series' forecast starts after its last price, not today: say when that was. */}{' '}
              <StaleMark t={t} last={f.provenance.asOf} today={m.today} />
              {f.product.demo && <DemoTag t={t} />}
            </p>
            <p className={ui.provenance} data-testid="observed-months">
              <span>
                {fmt(t.fcObserved, { months: f.observed.months, of: f.observed.of })}
                {f.observed.modelFrom > firstShown &&
                  f.observed.months > f.observed.modelObserved &&
                  ` · ${fmt(t.fcModelFrom, { observed: f.observed.modelObserved, from: f.observed.modelFrom })}`}
              </span>
            </p>
            <NoForecast f={f} t={t} />
            {f.model.lowConfidence && (
              <p className={ui.note} data-testid="low-confidence">
                <WarnTag>{t.fcSnaive}</WarnTag> {t.fcSnaiveBody}
              </p>
            )}
            <ForecastChart
              rows={rows}
              height={compact ? 240 : 320}
              compact={compact}
              names={{ history: t.history, gap: t.fcGap, mid: t.forecastMid, band80, band95 }}
              label={`${t.forecastTitle} ${f.product.name}: ${mid ? `${mid.date} ${F.price(m.lang, mid.mid, f.currency)} (${F.price(m.lang, mid.lo95, f.currency)} – ${F.price(m.lang, mid.hi95, f.currency)})` : f.noForecast ? fmt(f.noForecast.reason === 'ended' ? t.fcEnded : t.fcTooFew, { month: f.noForecast.lastMonth, observed: f.noForecast.observed, needed: f.noForecast.needed }) : ''}`}
              format={(v) => F.price(m.lang, v, f.currency)}
              table={t.chartTable}
            />
            {f.forecast.length > 0 && (
              <div className={ui.tableScroll} tabIndex={0}>
                <table className={`${ui.table} ${ui.wrapHead}`} data-testid="forecast-table">
                  <caption>
                    {f.model.mase !== null
                      ? fmt(t.fcBacktest, {
                          model: f.model.mase.toFixed(2),
                          naive: f.model.naiveMase?.toFixed(2) ?? '–',
                        })
                      : t.backtestNone}
                    {!f.model.calibrated && ` ${t.fcUncalibrated}`}
                  </caption>
                  <thead>
                    <tr>
                      <th>{t.colDate}</th>
                      <th className={ui.num}>{t.forecastMid}</th>
                      <th className={ui.num} data-testid="band80-head">
                        {band80}
                      </th>
                      <th className={ui.num} data-testid="band95-head">
                        {band95}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {f.forecast.map((p) => (
                      <tr key={p.date}>
                        <td>{p.date}</td>
                        <td className={ui.num}>{F.price(m.lang, p.mid, f.currency)}</td>
                        <td className={ui.num}>
                          {F.price(m.lang, p.lo80, f.currency)} – {F.price(m.lang, p.hi80, f.currency)}
                        </td>
                        <td className={ui.num}>
                          {F.price(m.lang, p.lo95, f.currency)} – {F.price(m.lang, p.hi95, f.currency)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ProvenanceLine provenance={f.provenance} t={t} unitLabel={unitOf(t, f.product.unit, f.currency, m.lang)} />
            <p className={ui.provenance}>
              <a href={FORECAST_RECORD_PATH} data-testid="record-link">
                {t.fcRecordLink}
              </a>
            </p>
          </>
        );
      }}
    </ResultView>
  );
}

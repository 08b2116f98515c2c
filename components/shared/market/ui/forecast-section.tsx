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

/** The history and the forecast as chart rows, joined at the last month of history; one per answer. */
const forecastRows = perAnswer((f: PriceAgTrendDTO): Row[] => {
  const rows: Row[] = [
    ...f.history.map((h) => ({ date: h.date, history: h.price })),
    ...f.forecast.map((p) => ({
      date: p.date,
      mid: p.mid,
      band80: [p.lo80, p.hi80] as [number, number],
      band95: [p.lo95, p.hi95] as [number, number],
    })),
  ];
  // Join the lines: the forecast starts from the last month of history.
  const lastHistory = f.history.at(-1);
  if (lastHistory && f.forecast.length)
    rows[f.history.length - 1] = { ...rows[f.history.length - 1]!, mid: lastHistory.price };
  return rows;
});

export const ForecastBody = memo(function ForecastBody({ m, t, compact }: SectionProps) {
  return (
    <ResultView<PriceAgTrendDTO>
      data={m.agri.data}
      loading={m.agri.loading}
      t={t}
      height={320}
      onRetry={() => void m.reload.agri()}
    >
      {(f) => {
        const rows = forecastRows(f);
        const mid = f.forecast.at(-1);
        return (
          <>
            <p className={ui.provenance}>
              {/* One flex item, as the trend's line: the model's name is not set apart by the row's gap. */}
              <span>
                {f.product.name} · {f.regionName} · {t.model}: <span data-verbatim="">{f.model.name}</span> ·{' '}
                {fmt(t.madeOn, { date: f.model.madeOn })}
              </span>
              {/* A stopped series' forecast starts after its last price, not today: say when that was. */}{' '}
              <StaleMark t={t} last={f.provenance.asOf} today={m.today} />
              {f.product.demo && <DemoTag t={t} />}
            </p>
            {f.model.lowConfidence && (
              <p className={ui.note} data-testid="low-confidence">
                <WarnTag>{t.lowConfidence}</WarnTag> {t.lowConfidenceBody}
              </p>
            )}
            <ForecastChart
              rows={rows}
              height={compact ? 240 : 320}
              compact={compact}
              names={{ history: t.history, mid: t.forecastMid, band80: t.band80, band95: t.band95 }}
              label={`${t.forecastTitle} ${f.product.name}: ${mid ? `${mid.date} ${F.price(m.lang, mid.mid, f.currency)} (${F.price(m.lang, mid.lo95, f.currency)} – ${F.price(m.lang, mid.hi95, f.currency)})` : ''}`}
              format={(v) => F.price(m.lang, v, f.currency)}
            />
            <div className={ui.tableScroll}>
              <table className={ui.table} data-testid="forecast-table">
                <caption>
                  {f.model.mase !== null
                    ? fmt(t.backtest, { model: f.model.mase.toFixed(2), naive: f.model.naiveMase?.toFixed(2) ?? '–' })
                    : t.backtestNone}
                </caption>
                <thead>
                  <tr>
                    <th>{t.colDate}</th>
                    <th className={ui.num}>{t.forecastMid}</th>
                    <th className={ui.num}>{t.band80}</th>
                    <th className={ui.num}>{t.band95}</th>
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
            <ProvenanceLine provenance={f.provenance} t={t} unitLabel={unitOf(t, f.product.unit, f.currency, m.lang)} />
            <ExportStatus m={m} t={t} kind="forecast" />
          </>
        );
      }}
    </ResultView>
  );
});

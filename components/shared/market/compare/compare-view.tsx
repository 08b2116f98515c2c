'use client';

import { useMemo } from 'react';
import type { PriceCompareDTO } from '@/lib/api/schemas/compare';
import { fmt } from '@/lib/i18n/format';
import { useServerText } from '@/lib/i18n/use-server-text';
import * as F from '../format';
import { TrendChart } from '../lazy-charts';
import { FxRate, LockPanel, ResultView, StateBox, UsdNote, licenceLabel, ui, type MarketT } from '../ui/parts';
import { compareChart, compareTable, drawn, lineName, lineUnit, missingNote } from './compare-rows';
import cs from './compare.module.css';
import type { Compare } from './use-compare';

/** The comparison: its notes, locked lines, the chart, the table of its figures and the CSV of them. */
export function CompareResult({ c, t, compact }: { c: Compare; t: MarketT; compact?: boolean }) {
  if (!c.ready && !(c.answer instanceof Error)) {
    if (!c.countries.length || c.products.some((p) => p === null && c.view.lines.length))
      return <StateBox title={t.loading} />;
    return <StateBox title={t.cmpPick} />;
  }
  return (
    <ResultView<PriceCompareDTO>
      data={c.answer}
      loading={c.loading}
      t={t}
      height={compact ? 240 : 340}
      onRetry={c.retry}
    >
      {(a) => <Answer c={c} t={t} a={a} compact={compact} />}
    </ResultView>
  );
}

function Answer({ c, t, a, compact }: { c: Compare; t: MarketT; a: PriceCompareDTO; compact?: boolean }) {
  const text = useServerText();
  const { rows, series } = useMemo(() => compareChart(a), [a]);
  const lines = drawn(a);
  const format = (v: number) => (a.show === 'index' ? F.level(c.lang, v) : F.price(c.lang, v, a.currency ?? 'USD'));
  const notes = a.lines.flatMap((l) => {
    const n = missingNote(t, l);
    return n ? [n] : [];
  });
  const empties = a.lines.filter((l) => !l.locked && l.points.length === 0);
  return (
    <div aria-busy={c.refreshing} data-testid="compare-result" data-show={a.show} data-currency={a.currency ?? ''}>
      <p className={ui.provenance}>
        <span data-testid="compare-unit">
          {a.show === 'index'
            ? fmt(t.cmpIndexBase, {
                currency: a.indexedIn === 'USD' ? 'USD' : t.cmpIndexLocal,
                base: a.base ?? '–',
              })
            : a.currency}
        </span>
        <span>
          {a.from} – {a.to}
        </span>
      </p>
      {c.mixed && <p className={ui.note}>{t.cmpLocalNeedsOne}</p>}
      {a.lines.map((l, i) =>
        l.locked ? (
          <div key={`lock${i}`} data-testid="compare-locked" data-line={i}>
            <LockPanel
              lock={{ message: text(l.locked.messageRef, l.locked.message), unlock: l.locked.unlock }}
              t={t}
              inline
            />
          </div>
        ) : null,
      )}
      {a.show === 'index' && a.base === null && lines.length === 0 && a.lines.some((l) => !l.locked) ? (
        <StateBox title={t.cmpNoCommon} />
      ) : lines.length === 0 ? (
        a.lines.every((l) => l.locked) ? null : (
          <StateBox title={t.cmpEmpty} body={t.cmpEmptyHint} />
        )
      ) : (
        <TrendChart
          rows={rows}
          series={series}
          height={compact ? 260 : 340}
          label={fmt(t.cmpChartLabel, { lines: lines.map(({ l }) => lineName(l)).join('; ') })}
          format={format}
          granularity={a.granularity}
        />
      )}
      {empties.map((l) => (
        <p key={`${l.productCode}${l.regionId}`} className={ui.note} data-testid="compare-line-empty">
          {fmt(t.cmpLineEmpty, { line: lineName(l) })}
        </p>
      ))}
      {notes.map((n) => (
        <p key={n} className={ui.note} data-testid="compare-missing">
          {n}
        </p>
      ))}
      {lines.length > 0 && <FigureTable a={a} t={t} c={c} format={format} />}
      <Sources a={a} t={t} c={c} />
    </div>
  );
}

/** The table alternative of the chart: the same figures, one row per date. */
function FigureTable({
  a,
  t,
  c,
  format,
}: {
  a: PriceCompareDTO;
  t: MarketT;
  c: Compare;
  format: (v: number) => string;
}) {
  const { dates, cells } = useMemo(() => compareTable(a), [a]);
  const lines = drawn(a);
  return (
    <details className={cs.table} data-testid="compare-table-wrap">
      <summary>{t.cmpTable}</summary>
      <div className={ui.tableScroll}>
        <table className={ui.table} data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col">{t.cmpDate}</th>
              {lines.map(({ l, i }) => (
                <th key={i} scope="col" className={ui.num}>
                  {lineName(l)}
                  <br />
                  <small>{a.show === 'index' ? t.indexUnit : lineUnit(a, l, t, c.lang)}</small>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((d, r) => (
              <tr key={d}>
                <th scope="row">{a.granularity === 'month' ? d.slice(0, 7) : d}</th>
                {cells[r]!.map((v, j) => (
                  <td key={j} className={ui.num}>
                    {v === null ? '–' : format(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Where each line's prices and rates come from, as the licences ask. */
function Sources({ a, t, c }: { a: PriceCompareDTO; t: MarketT; c: Compare }) {
  const sources = [...new Map(a.lines.flatMap((l) => l.sources).map((s) => [s.name, s])).values()];
  const fxs = [...new Map(a.lines.flatMap((l) => (l.fx ? [[l.fx.from, l.fx] as const] : []))).values()];
  return (
    <p className={ui.provenance} data-testid="provenance">
      {sources.map((s) => (
        <span key={s.name}>{s.demo ? t.demoNote : `${t.source}: ${s.name} (${licenceLabel(t, s.licence)})`}</span>
      ))}
      {fxs.map((fx) => (
        <span key={fx.from}>
          <UsdNote fx={fx} t={t} /> <FxRate fx={fx} t={t} lang={c.lang} />
        </span>
      ))}
    </p>
  );
}

/** The CSV button and what it did, in place. */
export function CompareCsv({ c, t }: { c: Compare; t: MarketT }) {
  const busy = c.csv?.status === 'busy';
  return (
    <button
      type="button"
      className={ui.button}
      onClick={() => void c.downloadCsv()}
      disabled={busy || !c.ready}
      aria-busy={busy}
      data-testid="compare-csv"
    >
      {busy ? t.exporting : t.cmpCsv}
    </button>
  );
}

export function CompareCsvStatus({ c, t }: { c: Compare; t: MarketT }) {
  const e = c.csv;
  if (!e || e.status === 'busy') return null;
  if (e.status === 'done')
    return (
      <p className={ui.provenance} role="status" data-testid="compare-csv-done">
        {fmt(t.cmpCsvDone, { file: e.file ?? '' })}
      </p>
    );
  if (e.status === 'locked' && e.lock) return <LockPanel lock={e.lock} t={t} compact />;
  return <StateBox error title={e.message ?? ''} />;
}

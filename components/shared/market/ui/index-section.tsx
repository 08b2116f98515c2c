'use client';

import { memo, useMemo } from 'react';
import type { PriceIndexDTO } from '@/lib/api/schemas/market';
import { RequestError } from '@/lib/api/request-error';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { IndexChart, type Row } from '../lazy-charts';
import { lockOf, type Lock } from '../unlock';
import { ExportStatus } from './export-controls';
import { Change, MovedNote, StaleMark } from './marks';
import { indexBasisText } from './labels';
import { LockPanel, ProvenanceLine, ResultView, StateBox, ui } from './parts';
import { NO_LOCKS, type SectionProps } from './section-props';
import { bucketDate, indexChanges } from '../periods';

export const IndexBody = memo(function IndexBody({ m, t, compact }: SectionProps) {
  const refused = m.index.data instanceof RequestError ? lockOf(m.index.data) : null;
  const allowed = m.index.allowed;
  // Refused, but part of it is the viewer's: draw that part, the locks beside it.
  if (refused && !m.index.loading && allowed?.data)
    return <IndexView m={m} t={t} compact={compact} i={allowed.data} locks={allowed.locks} />;
  return (
    <ResultView<PriceIndexDTO>
      data={m.index.data}
      loading={m.index.loading}
      t={t}
      height={300}
      onRetry={() => void m.reload.index()}
      previous={m.index.previous}
      onShowFrom={(from) => m.setFilters({ range: 'custom', from, to: m.today })}
    >
      {(i) => <IndexView m={m} t={t} compact={compact} i={i} locks={NO_LOCKS} />}
    </ResultView>
  );
});

function IndexView({ m, t, compact, i, locks }: SectionProps & { i: PriceIndexDTO; locks: Lock[] }) {
  const last = i.points.at(-1);
  // A monthly index publishes no day-on-day change (docs/market-data.md#defaults).
  const changes = indexChanges(i.granularity);
  const rows = useMemo<Row[]>(() => i.points.map(([date, level]) => ({ date, level })), [i]);
  return (
    <>
      <p className={ui.provenance}>
        {i.index.name} · {i.regionName} ·{' '}
        {fmt(t.indexBase, { start: i.index.basePeriod.start, end: i.index.basePeriod.end })}
        {i.index.equalWeights && <span>{t.equalWeights}</span>}
      </p>
      <p className={ui.provenance} data-testid="index-basis">
        {indexBasisText(t, m.lang, { priceType: i.index.priceType, currency: i.index.currency, ...i.index.basePeriod })}
      </p>
      <MovedNote m={m} t={t} movedTo={m.indexWindow.movedTo} />
      {locks.map((lock) => (
        <LockPanel key={`${lock.unlock.reason}:${lock.unlock.regionId}`} lock={lock} t={t} inline />
      ))}
      {i.points.length ? (
        <IndexChart
          rows={rows}
          height={compact ? 220 : 300}
          compact={compact}
          name={i.index.name}
          granularity={i.granularity}
          label={`${i.index.name}: ${F.level(m.lang, last?.[1])}`}
          format={(v) => F.level(m.lang, v)}
        />
      ) : (
        <StateBox title={t.empty} body={t.emptyHint} />
      )}
      {last && (
        <div className={ui.tableScroll}>
          <table className={ui.table} data-testid="index-latest">
            <thead>
              <tr>
                <th>{t.colDate}</th>
                <th className={ui.num}>{t.level}</th>
                {changes.map((c) => (
                  <th key={c.key} className={ui.num}>
                    {t[c.key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  {bucketDate(last[0], i.granularity)}
                  <StaleMark t={t} last={bucketDate(last[0], i.granularity)} today={m.today} />
                </td>
                <td className={ui.num}>{F.level(m.lang, last[1])}</td>
                {changes.map((c) => (
                  <td key={c.key} className={ui.num}>
                    <Change lang={m.lang} pct={last[c.at]} />
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <details className={ui.details} data-testid="methodology">
        <summary>{t.methodology}</summary>
        <p>{i.methodology}</p>
        {i.index.weights.length > 1 && (
          <p>
            {t.weights}:{' '}
            {i.index.weights
              .slice(0, 12)
              .map((w) => `${w.name} ${(w.weight * 100).toFixed(1)}%`)
              .join(' · ')}
            {i.index.weights.length > 12 ? ' …' : ''}
          </p>
        )}
      </details>
      <ProvenanceLine provenance={i.provenance} t={t} unitLabel={t.indexUnit} />
      <ExportStatus m={m} t={t} kind="index" />
    </>
  );
}

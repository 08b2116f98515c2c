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
  // What an export did shows under the panel, also where a lock stands in place of its chart.
  const status = <ExportStatus m={m} t={t} kind="index" />;
  // Refused, but part of it is the viewer's: draw that part, the locks beside it.
  if (refused && !m.index.loading && allowed?.data)
    return (
      <>
        <IndexView m={m} t={t} compact={compact} i={allowed.data} locks={allowed.locks} />
        {status}
      </>
    );
  return (
    <>
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
      {status}
    </>
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
          table={t.chartTable}
        />
      ) : (
        <StateBox title={t.empty} body={t.emptyHint} />
      )}
      {last && (
        // The latest level and its changes as figures that wrap: a table of five columns cut its
        // changes off in a half-width card at 1024 px and on a phone.
        <dl className={ui.figures} data-testid="index-latest">
          <div>
            <dt>{t.colDate}</dt>
            <dd>
              {bucketDate(last[0], i.granularity)}
              <StaleMark t={t} last={bucketDate(last[0], i.granularity)} today={m.today} />
            </dd>
          </div>
          <div>
            <dt>{t.level}</dt>
            <dd>{F.level(m.lang, last[1])}</dd>
          </div>
          {changes.map((c) => (
            <div key={c.key}>
              <dt>{t[c.key]}</dt>
              <dd>
                <Change lang={m.lang} pct={last[c.at]} />
              </dd>
            </div>
          ))}
        </dl>
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
    </>
  );
}

'use client';

import { memo, useMemo } from 'react';
import { RequestError } from '@/lib/api/request-error';
import * as F from '../format';
import { Sparkline, type Row } from '../lazy-charts';
import { changeTone, TONE_COLOURS, useUpColour } from '../up-colour';
import { unitOf } from './labels';
import { Change, StaleMark } from './marks';
import { FxRate, Pending, ui } from './parts';
import type { SectionProps } from './section-props';
import { bucketDate, shortChange } from '../periods';

export const OverviewBody = memo(function OverviewBody({ m, t }: SectionProps) {
  // A refused trend still has the part the viewer may see: its latest price is theirs.
  // A failed one shows what was loaded before (the trend's panel says when), never an empty figure.
  const trend =
    m.trend.data instanceof RequestError
      ? (m.trend.allowed?.data ?? m.trend.previous?.data ?? m.trend.data)
      : m.trend.data;
  const first = trend && !(trend instanceof RequestError) ? trend.series[0] : undefined;
  const ov = m.overview.data;
  const latestIndex = ov?.points.at(-1);
  // Day-on-day for a daily index, month-on-month for a monthly one.
  const step = shortChange(ov?.granularity ?? 'day');
  const rows = useMemo<Row[]>(() => (ov?.points ?? []).map(([date, level]) => ({ date, level })), [ov]);
  const currency = trend && !(trend instanceof RequestError) ? trend.currency : '';
  const up = useUpColour();
  const indexTone = changeTone(F.direction((rows.at(-1)?.level as number) - (rows[0]?.level as number)), up);
  return (
    <div className={ui.kpis}>
      <dl className={ui.kpi}>
        <dt>
          {t.latestPrice}
          {first ? ` · ${first.regionName}` : ''}
        </dt>
        <dd data-testid="kpi-latest">
          {m.trend.loading ? <Pending t={t} /> : first ? F.price(m.lang, first.stats.latest, currency) : '–'}
          {trend && !(trend instanceof RequestError) && (
            <small>{unitOf(t, trend.product.unit, trend.currency, m.lang)}</small>
          )}
        </dd>
        {trend && !(trend instanceof RequestError) && trend.provenance.fx?.rate && (
          <dd className={ui.note}>
            <FxRate fx={trend.provenance.fx} t={t} lang={m.lang} />
          </dd>
        )}
        {first && !m.trend.loading && (
          <dd>
            <StaleMark t={t} last={first.last} today={m.today} />
          </dd>
        )}
      </dl>
      <dl className={ui.kpi}>
        <dt>{t.change}</dt>
        <dd>
          {m.trend.loading ? (
            <Pending t={t} />
          ) : first ? (
            <Change lang={m.lang} value={first.stats.change} pct={first.stats.changePct} currency={currency} />
          ) : (
            '–'
          )}
        </dd>
      </dl>
      <dl className={ui.kpi}>
        <dt>
          {t.periodMin} / {t.periodMax} / {t.periodAvg}
        </dt>
        <dd style={{ fontSize: 16 }}>
          {m.trend.loading ? (
            <Pending t={t} />
          ) : first ? (
            `${F.price(m.lang, first.stats.min, currency)} / ${F.price(m.lang, first.stats.max, currency)} / ${F.price(m.lang, first.stats.avg, currency)}`
          ) : (
            '–'
          )}
        </dd>
      </dl>
      <dl className={ui.kpi}>
        <dt>{t.compositeIndex}</dt>
        <dd>
          {latestIndex ? F.level(m.lang, latestIndex[1]) : m.overview.isFetching ? <Pending t={t} /> : '–'}
          {latestIndex && (
            <small>
              {/* Each change stays beside its label: a narrow card breaks between the two, not inside one. */}
              <span className={ui.keep}>
                {t[step.key]} <Change lang={m.lang} pct={latestIndex[step.at]} /> ·
              </span>{' '}
              <span className={ui.keep}>
                {t.yoy} <Change lang={m.lang} pct={latestIndex[4]} />
              </span>
              <StaleMark t={t} last={ov && bucketDate(latestIndex[0], ov.granularity)} today={m.today} />
            </small>
          )}
        </dd>
        {/* A <dl> holds only terms and descriptions: the line is one more description of the index. */}
        {rows.length > 1 && (
          <dd>
            <Sparkline
              rows={rows}
              dataKey="level"
              label={`${t.compositeIndex} ${F.level(m.lang, latestIndex?.[1])}`}
              color={indexTone ? TONE_COLOURS[indexTone] : undefined}
            />
          </dd>
        )}
      </dl>
    </div>
  );
});

'use client';

import type { AnomalyDTO } from '@/lib/api/schemas/anomaly';
import type { MarketLang } from '@/lib/api/schemas/market';
import { useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import s from './anomaly.module.css';

const score = (lang: MarketLang, x: number) =>
  new Intl.NumberFormat(lang === 'zh-CN' ? 'zh-CN' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(x);

/**
 * A series' anomaly level (docs/market-data.md, "Anomaly levels"): the level in words and its score,
 * coloured, with the month's price, the expected price and the thresholds on hover; or why there is
 * none. Never a colour alone: the words carry the level.
 */
export function AnomalyBadge({
  a,
  lang,
  currency,
}: {
  a: AnomalyDTO | null | undefined;
  lang: MarketLang;
  /** The currency of the series' own prices, for the figures of the hover text; null to leave them out (a page in USD). */
  currency: string | null;
}) {
  const t = useT('anomaly');
  if (!a) return <span className={s.none}>{t.noData}</span>;
  if (!a.level) {
    const why =
      a.why === 'stale'
        ? fmt(t.stale, { date: a.lastDay })
        : a.why === 'gaps'
          ? fmt(t.gaps, { pct: Math.floor((a.months / a.span) * 100) })
          : fmt(t.short, { months: a.span });
    return (
      <span className={s.none} data-anomaly="none" data-why={a.why ?? undefined}>
        {why}
      </span>
    );
  }
  const title = [
    currency !== null && a.latest !== null && a.fitted !== null && a.sd !== null && a.score !== null
      ? fmt(t.detail, {
          month: a.month,
          latest: F.price(lang, a.latest, currency),
          fitted: F.price(lang, a.fitted, currency),
          sd: F.price(lang, a.sd, currency),
          score: score(lang, a.score),
        })
      : '',
    t.thresholds,
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <span className={`${s.badge} ${s[a.level]}`} title={title} data-anomaly={a.level}>
      {fmt(t.scored, { level: t[a.level], score: a.score === null ? '' : score(lang, a.score) })}
    </span>
  );
}

/** The thresholds, written next to a table of levels, with the full explanation a click away. */
export function AnomalyLegend() {
  const t = useT('anomaly');
  return (
    <details className={s.legend} data-testid="anomaly-legend">
      <summary>
        {t.column}: {t.thresholdsShort}
      </summary>
      <p>{t.thresholds}</p>
    </details>
  );
}

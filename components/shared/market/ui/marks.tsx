'use client';

import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { isStale } from '../filters';
import type { Market } from '../use-market';
import { changeTone, useUpColour } from '../up-colour';
import { RANGE_LABEL } from './labels';
import { ui, type MarketT } from './parts';
import type { SectionProps } from './section-props';

/** A change, signed, in the reader's up colour (red up in Chinese, green up in English, or their choice). */
export function Change({
  lang,
  value,
  pct,
  currency = '',
}: {
  lang: Market['lang'];
  value?: number | null;
  pct: number | null | undefined;
  /** The currency of `value`, for its decimals. */
  currency?: string;
}) {
  const tone = changeTone(F.direction(pct ?? value ?? null), useUpColour());
  return (
    <span className={tone ? ui[tone] : undefined} data-tone={tone ?? undefined}>
      {value !== undefined ? `${F.signed(lang, value, currency)} ` : ''}
      {value !== undefined ? `(${F.pct(lang, pct)})` : F.pct(lang, pct)}
    </span>
  );
}

/** "last updated <date>" for a series whose last price is more than 60 days old; nothing otherwise. */
export function StaleMark({
  t,
  last,
  today,
  dateOnly,
}: {
  t: MarketT;
  last: string | null | undefined;
  today: string;
  /** Only the date, marked: under a heading that already says the rows are stale (a phone's narrow column). */
  dateOnly?: boolean;
}) {
  if (!last || !isStale(last, today)) return null;
  return (
    <span className={ui.stale} data-testid="stale">
      {dateOnly ? last : fmt(t.lastUpdated, { date: last })}
    </span>
  );
}

/** Says that the window moved to where the data ends (the chosen one holds no prices). */
export function MovedNote({ m, t, movedTo }: SectionProps & { movedTo: string | null }) {
  if (!movedTo) return null;
  return (
    <p className={ui.note} data-testid="moved-window">
      {fmt(t.movedWindow, { date: movedTo, period: t[RANGE_LABEL[m.filters.range]] })}
    </p>
  );
}

import { localDateTime } from './dates';

/** A month counts as 30 days (docs/screens.md); from then on the full date and time is shown. */
export const MONTH_DAYS = 30;

export type RelativeTimeLang = 'en' | 'zh-CN';

const UNITS = [
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;
const JUST_NOW: Record<RelativeTimeLang, string> = { en: 'just now', 'zh-CN': '刚刚' };
const formats = new Map<RelativeTimeLang, Intl.RelativeTimeFormat>();
const formatOf = (lang: RelativeTimeLang) => {
  let f = formats.get(lang);
  if (!f) formats.set(lang, (f = new Intl.RelativeTimeFormat(lang, { numeric: 'always' })));
  return f;
};

/**
 * Relative time (docs/screens.md), the one implementation for every page: 'just now' under a
 * minute, then minutes, hours, days and weeks ago in the page's language
 * (Intl.RelativeTimeFormat), the full local date and time from 30 days on, and nothing for a
 * future time or an unreadable one.
 */
export function relativeTime(
  time: Date | number | string,
  { now = Date.now(), lang = 'en' }: { now?: Date | number; lang?: RelativeTimeLang } = {},
): string {
  const t = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time);
  const n = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(t) || t > n) return '';
  const seconds = Math.floor((n - t) / 1000);
  if (seconds >= MONTH_DAYS * 86_400) return localDateTime(new Date(t));
  for (const [unit, size] of UNITS)
    if (seconds >= size) return formatOf(lang).format(-Math.floor(seconds / size), unit);
  return JUST_NOW[lang];
}

import { differenceInSeconds, format, isValid, toDate } from 'date-fns';

/** A month counts as 30 days (docs/screens.md); from then on the full date and time is shown. */
export const MONTH_DAYS = 30;
export const FULL_DATE_FORMAT = 'yyyy-MM-dd HH:mm';

export type RelativeTimeLang = 'en' | 'zh-CN';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

type Unit = 'minute' | 'hour' | 'day' | 'week';
const ZH_UNIT: Record<Unit, string> = { minute: '分钟', hour: '小时', day: '天', week: '周' };

function ago(n: number, unit: Unit, lang: RelativeTimeLang): string {
  if (lang === 'zh-CN') return `${n}${ZH_UNIT[unit]}前`;
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * Relative time (docs/screens.md): 'just now' under a minute, then minutes, hours, days
 * and weeks ago, the full local date and time from 30 days on, and nothing for
 * a future time (or an unreadable one).
 */
export function formatRelativeTime(
  time: Date | number | string,
  { now = new Date(), lang = 'en' }: { now?: Date | number; lang?: RelativeTimeLang } = {},
): string {
  const date = typeof time === 'string' ? new Date(time) : toDate(time);
  if (!isValid(date)) return '';
  const seconds = differenceInSeconds(now, date);
  if (date.getTime() > toDate(now).getTime()) return '';
  if (seconds < MINUTE) return lang === 'zh-CN' ? '刚刚' : 'just now';
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), 'minute', lang);
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'hour', lang);
  if (seconds < WEEK) return ago(Math.floor(seconds / DAY), 'day', lang);
  if (seconds < MONTH_DAYS * DAY) return ago(Math.floor(seconds / WEEK), 'week', lang);
  return format(date, FULL_DATE_FORMAT);
}

// The docs/screens.md relative time (same rules as relative-time.ts) without date-fns,
// for the small client islands on cached content pages.
import type { RelativeTimeLang } from './relative-time';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const WEEK = 7 * DAY;
const MONTH_DAYS = 30;

const ZH = { minute: '分钟', hour: '小时', day: '天', week: '周' } as const;
type Unit = keyof typeof ZH;

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm in the viewer's time zone. */
export function fullDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function ago(n: number, unit: Unit, lang: RelativeTimeLang) {
  return lang === 'zh-CN' ? `${n}${ZH[unit]}前` : `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

export function relativeLite(iso: string, now: number, lang: RelativeTimeLang): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t) || t > now) return '';
  const s = Math.floor((now - t) / 1000);
  if (s < MINUTE) return lang === 'zh-CN' ? '刚刚' : 'just now';
  if (s < HOUR) return ago(Math.floor(s / MINUTE), 'minute', lang);
  if (s < DAY) return ago(Math.floor(s / HOUR), 'hour', lang);
  if (s < WEEK) return ago(Math.floor(s / DAY), 'day', lang);
  if (s < MONTH_DAYS * DAY) return ago(Math.floor(s / WEEK), 'week', lang);
  return fullDateTime(new Date(t));
}

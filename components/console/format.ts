// How the console writes figures and times: money in yuan from integer fen, times in Beijing
// time (the portal's business day, docs/console.md), dates as ISO.
import type { Locale } from '@/lib/shared/locale';

const BEIJING = 'Asia/Shanghai';

export function yuan(fen: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 }).format(
    fen / 100,
  );
}

export const count = (n: number, locale: Locale) => new Intl.NumberFormat(locale).format(n);

/** 2030-03-01 16:05 (Beijing time); 2030-03-01 16:05:09 with `seconds`. */
export function dateTime(iso: string | null | undefined, { seconds = false } = {}): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: BEIJING,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).formatToParts(d);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}${seconds ? `:${p('second')}` : ''}`;
}

/** A span as a person says it: 3 d 4 h, 2 h 5 min, 40 s. */
export function duration(ms: number, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const s = Math.max(0, Math.round(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const u = zh ? { d: '天', h: '小时', m: '分钟', s: '秒' } : { d: ' d', h: ' h', m: ' min', s: ' s' };
  const join = (a: string, b?: string) => (b ? (zh ? `${a}${b}` : `${a} ${b}`) : a);
  if (d) return join(`${d}${u.d}`, h ? `${h}${u.h}` : undefined);
  if (h) return join(`${h}${u.h}`, m ? `${m}${u.m}` : undefined);
  if (m) return `${m}${u.m}`;
  return `${s}${u.s}`;
}

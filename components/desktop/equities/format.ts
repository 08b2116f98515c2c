import type { Locale } from '@/lib/i18n/config';

/** Fen as yuan: ¥39.00. */
export const yuan = (fen: number) =>
  `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

// Dates as customers in China read them, whatever the browser's zone.
const dayFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Shanghai',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 2030-01-31 */
export const ymd = (iso: string) => dayFmt.format(new Date(iso));
/** 2030-01-31 14:05 */
export const ymdhm = (iso: string) => `${ymd(iso)} ${timeFmt.format(new Date(iso))}`;

export const pick = (locale: Locale, zh: string, en: string) => (locale === 'zh-CN' ? zh : en);

/** mm:ss of a remaining time. */
export const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

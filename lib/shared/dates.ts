import type { Locale } from '@/lib/i18n/config';
import { pad2 } from './format';

// Dates customers in China read, whatever the zone of the server or the browser.
const CHINA = 'Asia/Shanghai';
const chinaParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: CHINA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(iso: string) {
  const parts = chinaParts.formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { y: get('year'), m: get('month'), d: get('day'), hh: get('hour'), mm: get('minute') };
}

/** 2030-01-31, China time. */
export const ymd = (iso: string) => {
  const p = partsOf(iso);
  return `${p.y}-${p.m}-${p.d}`;
};

/** 2030-01-31 14:05, China time. */
export const ymdhm = (iso: string) => {
  const p = partsOf(iso);
  return `${p.y}-${p.m}-${p.d} ${p.hh}:${p.mm}`;
};

/** A fixed date for cached pages, China time, as the language writes it: 2025-03-14 08:30 / 2025年3月14日 08:30. */
export function formatDate(iso: string, locale: Locale, withTime = true): string {
  const p = partsOf(iso);
  const date = locale === 'zh-CN' ? `${p.y}年${Number(p.m)}月${Number(p.d)}日` : `${p.y}-${p.m}-${p.d}`;
  return withTime ? `${date} ${p.hh}:${p.mm}` : date;
}

/** yyyy-MM-dd HH:mm in the viewer's own time zone. */
export const localDateTime = (d: Date) =>
  `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;

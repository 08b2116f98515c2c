import type { Locale } from './locale';
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

// ---- calendar days: 'YYYY-MM-DD' strings, counted in UTC so no zone or DST moves a day ----

const ISO_DAY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** "2014-01-15" or "2014/1/15" → "2014-01-15"; null for anything that is not a real calendar date. */
export function normaliseDate(raw: string): string | null {
  const m = ISO_DAY.exec(raw.trim());
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return `${m[1]}-${pad2(mo)}-${pad2(d)}`;
}

/** Today as the server counts it (UTC), so a browser's "last 90 days" matches the access policy's. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

export function fromDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Moves a date by whole days. */
export function addDays(day: string, n: number): string {
  return fromDayNumber(dayNumber(day) + n);
}

/** Month number since year 0 of a YYYY-MM[-DD] date, so consecutive months differ by 1. */
export function monthNumber(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

export function fromMonthNumber(month: number): string {
  return `${Math.floor(month / 12)}-${pad2((month % 12) + 1)}`;
}

/** Moves a date by whole months, clamping the day to the target month's length (Mar 31 − 1 month → Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const mn = monthNumber(date) + months;
  const y = Math.floor(mn / 12);
  const mo = (mn % 12) + 1;
  const d = Math.min(Number(date.slice(8, 10)), daysInMonth(y, mo));
  return `${y}-${pad2(mo)}-${pad2(d)}`;
}

import 'server-only';

const ISO = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** "2014-01-15" or "2014/1/15" → "2014-01-15"; null for anything that is not a real calendar date. */
export function normaliseDate(raw: string): string | null {
  const m = ISO.exec(raw.trim());
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return `${m[1]}-${pad2(mo)}-${pad2(d)}`;
}

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 of a YYYY-MM-DD date (UTC, so no DST surprises). */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

export function fromDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
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

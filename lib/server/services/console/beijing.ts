import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The portal's business day is Beijing's (UTC+8, no daylight saving): the console counts by it. */
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The first instant of the Beijing day `now` falls in. */
export function beijingDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS);
}

/** The first instant of the Beijing month `now` falls in. */
export function beijingMonthStart(now: Date): Date {
  const local = new Date(now.getTime() + OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET_MS);
}

/** `YYYY-MM-DD` of the Beijing day of an instant. */
export const beijingYmd = (d: Date) => new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The Beijing day of a timestamptz column, as `YYYY-MM-DD` (the same on any server time zone). */
export const beijingDayOf = (c: AnyPgColumn): SQL<string> =>
  sql<string>`to_char((${c} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** The last `n` Beijing days up to today's, oldest first. */
export function lastDays(now: Date, n: number): string[] {
  const today = beijingDayStart(now).getTime();
  return Array.from({ length: n }, (_, i) => beijingYmd(new Date(today - (n - 1 - i) * DAY_MS + OFFSET_MS)));
}

import 'server-only';
import { normaliseDate } from '@/lib/shared/dates';
import type { PriceFlag, PriceType } from './types';

/** Shared by the price file formats: reading one field of a record and saying what is wrong with it. */

/** Dates before this are not prices but placeholders (spreadsheets write 1900-… for "unknown"). */
export const EARLIEST_DAY = '1950-01-01';

/** Collects a row's problems so the reason names every bad field at once. */
export class Problems {
  readonly list: string[] = [];
  add(field: string, why: string): void {
    this.list.push(`${field}: ${why}`);
  }
  get reason(): string {
    return this.list.join('; ');
  }
}

/** A plain decimal number ("12", "-3.5", "1e3", ".5"); null for anything else ("", "1,5", "twelve"). */
export function parseNumber(raw: string): number | null {
  const s = raw.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Files repeat a few thousand dates and flags on every row: each is read once. */
const dates = new Map<string, string | null>();
const flags = new Map<string, { flag: PriceFlag; label: string } | null>();
function remembered<T>(cache: Map<string, T>, raw: string, read: (raw: string) => T): T {
  let v = cache.get(raw);
  if (v === undefined && !cache.has(raw)) {
    if (cache.size > 50_000) cache.clear();
    cache.set(raw, (v = read(raw)));
  }
  return v as T;
}

export function readDate(raw: string, p: Problems): string | null {
  const d = remembered(dates, raw, normaliseDate);
  if (!d) p.add('date', `'${raw}' is not a valid date (YYYY-MM-DD)`);
  else if (d < EARLIEST_DAY) p.add('date', `${d} is not a plausible price date (before ${EARLIEST_DAY})`);
  return d && d >= EARLIEST_DAY ? d : null;
}

/** A price (> 0); `zeroOk` lets 0 through (a forecast of 0 is skipped, not refused). */
export function readPrice(raw: string, field: string, p: Problems, required: boolean, zeroOk = false): number | null {
  if (!raw.trim()) {
    if (required) p.add(field, 'missing');
    return null;
  }
  const n = parseNumber(raw);
  if (n === null) p.add(field, `'${raw}' is not a number`);
  else if (n < 0 || (n === 0 && !zeroOk)) p.add(field, `${raw} must be greater than 0`);
  return n !== null && (n > 0 || (n === 0 && zeroOk)) ? n : null;
}

/** Optional coordinate: empty → null; out of range or not a number → a problem. */
export function readCoordinate(raw: string, field: string, limit: number, p: Problems): number | null {
  if (!raw.trim()) return null;
  const n = parseNumber(raw);
  if (n === null || Math.abs(n) > limit) {
    p.add(field, `'${raw}' is not a valid coordinate`);
    return null;
  }
  return n;
}

/**
 * Flags may be combined ("actual,aggregate"). The stored flag is the least "actual" one:
 * forecast beats aggregate beats actual, so derived values never pass for observed prices.
 * `label` is the flag as the file wrote it, normalised (what the import summary counts).
 */
export function readFlag(raw: string, p: Problems): { flag: PriceFlag; label: string } | null {
  const f = remembered(flags, raw, flagOf);
  if (!f) p.add('flag', `unknown flag '${raw}' (expected actual, forecast or aggregate)`);
  return f;
}

/** The flag as written, normalised ("Actual, Aggregate" → "actual,aggregate"); null when unreadable. */
export function flagLabel(raw: string): string | null {
  return remembered(flags, raw, flagOf)?.label ?? null;
}

function flagOf(raw: string): { flag: PriceFlag; label: string } | null {
  const parts = [
    ...new Set(
      raw
        .toLowerCase()
        .split(/[,;+|/\s]+/)
        .filter(Boolean),
    ),
  ];
  if (parts.length === 0) return { flag: 'actual', label: 'actual' };
  let flag: PriceFlag = 'actual';
  for (const part of parts) {
    if (part === 'forecast') flag = 'forecast';
    else if (part === 'aggregate' || part === 'aggregated') flag = flag === 'forecast' ? flag : 'aggregate';
    else if (part !== 'actual') return null;
  }
  return { flag, label: parts.join(',') };
}

export function readPriceType(raw: string, p: Problems, fallback: PriceType | null): PriceType | null {
  const s = raw.trim().toLowerCase();
  if (!s && fallback) return fallback;
  if (s === 'wholesale' || s === '批发') return 'wholesale';
  if (s === 'retail' || s === '零售') return 'retail';
  p.add('pricetype', `unknown price type '${raw}' (expected wholesale or retail)`);
  return null;
}

export function readCurrency(raw: string, p: Problems): string | null {
  const s = raw.trim().toUpperCase();
  if (!s) return null;
  if (!/^[A-Z]{3}$/.test(s)) p.add('currency', `'${raw}' is not an ISO 4217 currency code`);
  return /^[A-Z]{3}$/.test(s) ? s : null;
}

/** Header names → column index, lower-cased and trimmed. */
export function columnIndex(header: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  header.forEach((h, i) => m.set(h.trim().toLowerCase(), i));
  return m;
}

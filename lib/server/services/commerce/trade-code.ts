import 'server-only';
import { randomBytes } from 'node:crypto';

/**
 * `YN` + the UTC date + 128 random bits in hex: unique and unguessable, and
 * within Alipay's out_trade_no rules (≤64 letters and digits).
 */
export function newTradeCode(now: Date): string {
  return `YN${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(16).toString('hex')}`;
}

export const TRADE_CODE_RE = /^YN\d{8}[0-9a-f]{32}$/;

// Beijing has no daylight saving: its day is UTC + 8 h, everywhere the portal runs.
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The Beijing day of `now` as YYYYMMDD: the day an order number names. */
export function orderDay(now: Date): string {
  return new Date(now.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

/** YN-20261127-0042: the day and that day's count, at least four digits (docs/commerce.md). */
export function formatOrderNo(day: string, n: number): string {
  return `YN-${day}-${String(n).padStart(4, '0')}`;
}

export const ORDER_NO_RE = /^YN-\d{8}-\d{4,}$/;

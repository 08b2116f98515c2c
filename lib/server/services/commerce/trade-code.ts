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

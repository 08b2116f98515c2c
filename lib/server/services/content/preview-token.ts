import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../secret';

/** How long a preview link opens its article (docs/console.md "Preview"). */
export const PREVIEW_TTL_MS = 30 * 60_000;

const sign = (payload: string) => createHmac('sha256', deriveKey('news-preview')).update(payload).digest('base64url');

/**
 * A preview link's token: `<article id>.<expiry, ms in base 36>.<HMAC-SHA256>` (base64url), with
 * a key of its own. Whoever holds it sees that article as saved, whatever its status, until it
 * expires; nothing else opens a draft's page.
 */
export function previewToken(id: number, now: Date): { token: string; expiresAt: string } {
  const exp = now.getTime() + PREVIEW_TTL_MS;
  const payload = `${id}.${exp.toString(36)}`;
  return { token: `${payload}.${sign(payload)}`, expiresAt: new Date(exp).toISOString() };
}

/** The article a token opens, or null: malformed, signed otherwise, or expired. */
export function readPreviewToken(token: string, now: Date): number | null {
  const m = /^([1-9]\d{0,9})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, id, exp, sig] = m as unknown as [string, string, string, string];
  const want = Buffer.from(sign(`${id}.${exp}`));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  if (parseInt(exp, 36) <= now.getTime()) return null;
  return Number(id);
}

import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../secret';

/** How long a preview link opens its article or document (docs/console.md "Preview"). */
export const PREVIEW_TTL_MS = 30 * 60_000;

/** What a preview shows: an article (/preview/news/…) or a document (/preview/docs/…). */
export type PreviewKind = 'news' | 'docs';

// The kind is signed with the rest: a link to article 7 opens no document 7.
const sign = (kind: PreviewKind, payload: string) =>
  createHmac('sha256', deriveKey('content-preview')).update(`${kind}.${payload}`).digest('base64url');

/**
 * A preview link's token: `<id>.<expiry, ms in base 36>.<HMAC-SHA256 of kind, id and expiry>`
 * (base64url), with a key of its own. Whoever holds it sees that article or document as saved,
 * whatever its status, until it expires; nothing else opens a draft's page.
 */
export function previewToken(kind: PreviewKind, id: number, now: Date): { token: string; expiresAt: string } {
  const exp = now.getTime() + PREVIEW_TTL_MS;
  const payload = `${id}.${exp.toString(36)}`;
  return { token: `${payload}.${sign(kind, payload)}`, expiresAt: new Date(exp).toISOString() };
}

/** The id a token opens as `kind`, or null: malformed, signed otherwise or for the other kind, or expired. */
export function readPreviewToken(kind: PreviewKind, token: string, now: Date): number | null {
  const m = /^([1-9]\d{0,9})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, id, exp, sig] = m as unknown as [string, string, string, string];
  const want = Buffer.from(sign(kind, `${id}.${exp}`));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  if (parseInt(exp, 36) <= now.getTime()) return null;
  return Number(id);
}

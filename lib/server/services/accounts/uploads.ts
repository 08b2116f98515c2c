import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_FEEDBACK_IMAGES } from '@/lib/api/schemas/feedback';
import type { UploadGrant, UploadPurpose } from '@/lib/api/schemas/user';
import { fileStorage, filesPublicPath } from '../../adapters/storage';
import { EXTENSION, sniffType } from '../../adapters/storage/sniff';
import { safeEqual } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { storedFiles, usedUploadGrants, users } from '../../db/schema';
import { fail } from '../../errors';
import { deriveKey } from '../../secret';
import { msg } from '@/lib/i18n/server-messages';

export const UPLOAD_URL = '/api/files/upload';
export const GRANT_TTL_MS = 10 * 60 * 1000;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
// The payload's `pur` values: "upload" is the general grant (its name predates the feedback one).
const PURPOSE_TAG = { general: 'upload', feedback: 'feedback' } as const satisfies Record<UploadPurpose, string>;

export const userKeyPrefix = (userId: string) => `u/${userId}/`;
/** Every file of one feedback grant sits under its own prefix, named by the grant's nonce. */
export const feedbackKeyPrefix = (userId: string, nonce?: string) =>
  `${userKeyPrefix(userId)}fb/${nonce ? `${nonce}/` : ''}`;
/** The nonce of the feedback grant a key was uploaded with, or null for any other key of that user. */
export function feedbackGrantOf(userId: string, key: string): string | null {
  const base = feedbackKeyPrefix(userId);
  if (!key.startsWith(base)) return null;
  const nonce = key.slice(base.length).split('/')[0];
  return nonce || null;
}

const payloadSchema = z.object({
  pur: z.enum([PURPOSE_TAG.general, PURPOSE_TAG.feedback]),
  uid: z.string(),
  kp: z.string(),
  types: z.array(z.string()),
  max: z.number().int().positive(),
  exp: z.number().int(),
  n: z.string().min(8),
  // Files the grant may upload in all (feedback grants only).
  mf: z.number().int().positive().optional(),
});
type GrantPayload = z.infer<typeof payloadSchema>;

const sign = (payload: string) => createHmac('sha256', deriveKey('upload-grant')).update(payload).digest('base64url');

/**
 * UpLoadFileAuths: `v1.<payload>.<HMAC-SHA256>` (base64url), signed with a key
 * derived from the app secret for this purpose only. It names the purpose, the
 * user, their key prefix, the allowed types, the size cap, the expiry (10
 * minutes) and a nonce.
 * - general: several files until it expires (an avatar, then attachments from one page);
 * - feedback: up to 6 images under a prefix of its own, for one feedback; once
 *   AddInfoFeedback has used it, it uploads and attaches nothing more.
 */
export function issueGrant(userId: string, now: Date, purpose: UploadPurpose = 'general'): UploadGrant {
  const expiresAt = new Date(now.getTime() + GRANT_TTL_MS);
  // Hex: the nonce names a key segment, which must start with a letter or digit.
  const n = randomBytes(12).toString('hex');
  const feedback = purpose === 'feedback';
  const payload: GrantPayload = {
    pur: PURPOSE_TAG[purpose],
    uid: userId,
    kp: feedback ? feedbackKeyPrefix(userId, n) : userKeyPrefix(userId),
    types: feedback ? IMAGE_TYPES : ALLOWED_TYPES,
    max: MAX_UPLOAD_BYTES,
    exp: expiresAt.getTime(),
    n,
    ...(feedback ? { mf: MAX_FEEDBACK_IMAGES } : {}),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return {
    uploadUrl: UPLOAD_URL,
    purpose,
    maxFiles: payload.mf ?? null,
    grant: `v1.${body}.${sign(body)}`,
    keyPrefix: payload.kp,
    allowedTypes: [...payload.types],
    maxBytes: MAX_UPLOAD_BYTES,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The grant's terms, or code 400 naming `grant` when it is forged, altered, for another purpose or expired. */
export function verifyGrant(grant: string, now: Date): GrantPayload {
  const [v, body, sig, ...rest] = grant.split('.');
  if (v !== 'v1' || !body || !sig || rest.length || !safeEqual(sig, sign(body)))
    throw fail.invalid('grant', msg('uploads.badGrant'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw fail.invalid('grant', msg('uploads.badGrant'));
  }
  const p = payloadSchema.safeParse(parsed);
  if (!p.success) throw fail.invalid('grant', msg('uploads.badGrant'));
  if (p.data.exp <= now.getTime()) throw fail.invalid('grant', msg('uploads.grantExpired'));
  return p.data;
}

/** A feedback grant's extra terms: not yet spent on a feedback, and fewer than its file count so far. */
async function checkFeedbackGrant(db: Db, terms: GrantPayload) {
  const [used] = await db
    .select({ n: usedUploadGrants.nonce })
    .from(usedUploadGrants)
    .where(eq(usedUploadGrants.nonce, terms.n))
    .limit(1);
  if (used) throw fail.invalid('grant', msg('uploads.grantUsed'));
  const [c] = await db
    .select({ n: count() })
    .from(storedFiles)
    .where(and(eq(storedFiles.userId, terms.uid), like(storedFiles.key, `${terms.kp}%`)));
  if ((c?.n ?? 0) >= (terms.mf ?? MAX_FEEDBACK_IMAGES)) {
    throw fail.invalid('grant', msg('uploads.grantFull', { max: terms.mf ?? MAX_FEEDBACK_IMAGES }));
  }
}

/** Stores one uploaded file under the grant's terms; answers its key and public URL. */
export async function storeUpload(db: Db, input: { grant: string; bytes: Uint8Array; now: Date }) {
  const terms = verifyGrant(input.grant, input.now);
  const { bytes } = input;
  if (bytes.length === 0) throw fail.invalid('file', msg('uploads.empty'));
  if (bytes.length > terms.max)
    throw fail.invalid('file', msg('uploads.tooBig', { mb: Math.round(terms.max / 1024 / 1024) }));
  const type = sniffType(bytes);
  const feedback = terms.pur === PURPOSE_TAG.feedback;
  if (!type || !terms.types.includes(type)) {
    throw fail.invalid('file', msg(feedback ? 'uploads.notImage' : 'uploads.notImageOrPdf'));
  }

  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, terms.uid)).limit(1);
  if (!owner) throw fail.invalid('grant', msg('uploads.badGrant'));
  if (feedback) await checkFeedbackGrant(db, terms);

  const d = input.now;
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  // A feedback grant's prefix is already its own; general uploads are grouped by month.
  const key = `${terms.kp}${feedback ? '' : `${month}/`}${randomBytes(12).toString('hex')}.${EXTENSION[type]}`;
  await fileStorage().put(key, bytes, type);
  await db
    .insert(storedFiles)
    .values({ key, userId: terms.uid, contentType: type, bytes: bytes.length, createdAt: input.now });
  return { key, url: filesPublicPath() + key };
}

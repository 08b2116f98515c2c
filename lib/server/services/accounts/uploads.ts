import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { and, count, eq, gt, min, sum } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_FEEDBACK_IMAGES } from '@/lib/api/schemas/feedback';
import type { UploadGrant, UploadPurpose } from '@/lib/api/schemas/user';
import { fileStorage, filesPublicPath } from '../../adapters/storage';
import { EXTENSION, sniffType } from '../../adapters/storage/sniff';
import { safeEqual } from '../../auth/tokens';
import type { Db, Tx } from '../../db/client';
import { storedFiles, usedUploadGrants } from '../../db/schema';
import { fail } from '../../errors';
import { recordFault } from '../../fleet/faults';
import { lockKeys } from '../../rate-limit';
import { deriveKey } from '../../secret';
import { msg } from '@/lib/i18n/server-messages';

export const UPLOAD_URL = '/api/files/upload';
export const GRANT_TTL_MS = 10 * 60 * 1000;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** Files one general grant may store (an avatar, attachments from one page). */
export const GENERAL_MAX_FILES = 10;
/**
 * What one account may store in any 24 hours, whatever number of grants it asks for: a grant
 * bounds one page's uploads, this bounds the disk one account can fill (docs/accounts.md#uploads).
 */
export const DAILY_MAX_FILES = 100;
export const DAILY_MAX_BYTES = 200 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The least a signed URL of a private file works; its expiry is rounded up to a 5-minute step. */
export const PRIVATE_URL_TTL_MS = 10 * 60 * 1000;
const PRIVATE_URL_STEP_MS = 5 * 60 * 1000;
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
  // Files the grant may store in all.
  mf: z.number().int().positive(),
  // The session it was issued to: only that session uploads with it.
  sid: z.string(),
});
type GrantPayload = z.infer<typeof payloadSchema>;

const sign = (payload: string) => createHmac('sha256', deriveKey('upload-grant')).update(payload).digest('base64url');

/**
 * UpLoadFileAuths: `v1.<payload>.<HMAC-SHA256>` (base64url), signed with a key
 * derived from the app secret for this purpose only. It names the purpose, the
 * user, their key prefix, the allowed types, the size cap, the expiry (10
 * minutes), a nonce, the session it was issued to and how many files it may store.
 * - general: up to 10 files until it expires (an avatar, then attachments from one page);
 * - feedback: up to 6 images under a prefix of its own, for one feedback; once
 *   AddInfoFeedback has used it, it uploads and attaches nothing more. They are private
 *   (isPrivateKey): served only through signed URLs given to their owner and staff.
 */
export function issueGrant(
  userId: string,
  sessionId: string,
  now: Date,
  purpose: UploadPurpose = 'general',
): UploadGrant {
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
    mf: feedback ? MAX_FEEDBACK_IMAGES : GENERAL_MAX_FILES,
    sid: sessionId,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return {
    uploadUrl: UPLOAD_URL,
    purpose,
    maxFiles: payload.mf,
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

/** Who is uploading: the session of the request's token. */
export type Uploader = { sessionId: string; userId: string };

/**
 * Stores one uploaded file under the grant's terms; answers its key and the URL to read it
 * (signed when the file is private). The grant works only for the session it was issued to,
 * and for at most its file count: the count is taken under a lock on the grant, so parallel
 * uploads cannot overrun it, and the file is written only once its place is taken.
 */
export async function storeUpload(
  db: Db,
  input: { grant: string; bytes: Uint8Array; now: Date; uploader: Uploader; requestId?: string },
) {
  const terms = verifyGrant(input.grant, input.now);
  const { bytes, uploader } = input;
  if (terms.sid !== uploader.sessionId || terms.uid !== uploader.userId)
    throw fail.invalid('grant', msg('uploads.grantOtherSession'));
  if (bytes.length === 0) throw fail.invalid('file', msg('uploads.empty'));
  if (bytes.length > terms.max)
    throw fail.invalid('file', msg('uploads.tooBig', { mb: Math.round(terms.max / 1024 / 1024) }));
  const type = sniffType(bytes);
  const feedback = terms.pur === PURPOSE_TAG.feedback;
  if (!type || !terms.types.includes(type)) {
    throw fail.invalid('file', msg(feedback ? 'uploads.notImage' : 'uploads.notImageOrPdf'));
  }

  const d = input.now;
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  // A feedback grant's prefix is already its own; general uploads are grouped by month.
  const key = `${terms.kp}${feedback ? '' : `${month}/`}${randomBytes(12).toString('hex')}.${EXTENSION[type]}`;
  // The file first, under its new unguessable key, then the row that points at it: killed or
  // failing at any point, no row names a file that is not there (docs/reliability.md).
  const storage = fileStorage();
  await precheckGrant(db, terms);
  await refuseOverDailyQuota(db, terms.uid, bytes.length, input.now);
  try {
    await storage.put(key, bytes, type);
  } catch (e) {
    recordFault('storage', { id: input.requestId ?? 'none', key, error: e });
    throw fail.unavailable(msg('faults.storageUnavailable'), 60);
  }
  try {
    await db.transaction(async (tx) => {
      await lockKeys(tx, [`upload-grant:${terms.n}`, `upload-user:${terms.uid}`]);
      await refuseUsedGrant(tx, terms);
      await refuseOverDailyQuota(tx, terms.uid, bytes.length, input.now);
      await tx.insert(storedFiles).values({
        key,
        userId: terms.uid,
        contentType: type,
        bytes: bytes.length,
        grantNonce: terms.n,
        createdAt: input.now,
      });
    });
  } catch (e) {
    // Refused (the grant filled up meanwhile) or the database failed: the file goes again.
    await storage.delete(key).catch(() => {});
    throw e;
  }
  return { key, url: fileUrl(key, input.now) };
}

/** The grant's file count and feedback use, checked before the file is written (and again under the lock after). */
async function precheckGrant(db: Db, terms: GrantPayload) {
  await refuseUsedGrant(db, terms);
}

/** 429 when this file would take the account past its 24-hour allowance; Retry-After is when its oldest file there leaves it. */
async function refuseOverDailyQuota(db: Db | Tx, userId: string, adding: number, now: Date) {
  const since = new Date(now.getTime() - DAY_MS);
  const [used] = await db
    .select({ files: count(), bytes: sum(storedFiles.bytes), oldest: min(storedFiles.createdAt) })
    .from(storedFiles)
    .where(and(eq(storedFiles.userId, userId), gt(storedFiles.createdAt, since)));
  const files = used?.files ?? 0;
  const bytes = Number(used?.bytes ?? 0);
  if (files + 1 <= DAILY_MAX_FILES && bytes + adding <= DAILY_MAX_BYTES) return;
  const oldest = used?.oldest ? new Date(used.oldest) : now;
  const waitMs = Math.max(1000, oldest.getTime() + DAY_MS - now.getTime());
  throw fail.rateLimited(msg('uploads.dailyQuota', { files: DAILY_MAX_FILES, mb: DAILY_MAX_BYTES / 1024 / 1024 }), {
    retryAfterSeconds: Math.ceil(waitMs / 1000),
  });
}

async function refuseUsedGrant(db: Db | Tx, terms: GrantPayload) {
  if (terms.pur === PURPOSE_TAG.feedback) {
    const [used] = await db
      .select({ n: usedUploadGrants.nonce })
      .from(usedUploadGrants)
      .where(eq(usedUploadGrants.nonce, terms.n))
      .limit(1);
    if (used) throw fail.invalid('grant', msg('uploads.grantUsed'));
  }
  const [c] = await db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.grantNonce, terms.n));
  if ((c?.n ?? 0) >= terms.mf) throw fail.invalid('grant', msg('uploads.grantFull', { max: terms.mf }));
}

/**
 * A user's private files: feedback images and PDFs. A general grant's image is the user's
 * avatar, which pages show from FilePathPrefix like the site's own public files.
 */
export const isPrivateKey = (key: string) => /^u\/[^/]+\/(fb\/|.*\.pdf$)/.test(key);

const fileMac = (key: string, exp: number) =>
  createHmac('sha256', deriveKey('private-file')).update(`${key}\n${exp}`).digest('base64url');

/**
 * Where a stored file is read: a public file under FilePathPrefix; a private one only through
 * this server's /files/ with a signature that works 10 to 15 minutes (the expiry is rounded up
 * so one page's URLs stay the same for a while and the browser's cache can serve them). Call it
 * only when answering someone allowed to see the file: its owner or staff.
 */
export function fileUrl(key: string, now: Date): string {
  if (!isPrivateKey(key)) return filesPublicPath() + key;
  const exp = Math.ceil((now.getTime() + PRIVATE_URL_TTL_MS) / PRIVATE_URL_STEP_MS) * PRIVATE_URL_STEP_MS;
  return `/files/${key}?e=${exp}&s=${fileMac(key, exp)}`;
}

/** Seconds a signed URL of a private file still works; null when it does not (forged, expired, another key). */
export function privateUrlSecondsLeft(key: string, e: string | null, s: string | null, now: Date): number | null {
  if (!e || !s || !/^\d{1,15}$/.test(e)) return null;
  const exp = Number(e);
  if (exp <= now.getTime() || !safeEqual(s, fileMac(key, exp))) return null;
  return Math.ceil((exp - now.getTime()) / 1000);
}

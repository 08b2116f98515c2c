import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { UploadGrant } from '@/lib/api/schemas/user';
import { fileStorage, filesPublicPath } from '../../adapters/storage';
import { EXTENSION, sniffType } from '../../adapters/storage/sniff';
import { safeEqual } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { storedFiles, users } from '../../db/schema';
import { fail } from '../../errors';
import { deriveKey } from '../../secret';

export const UPLOAD_URL = '/api/files/upload';
export const GRANT_TTL_MS = 10 * 60 * 1000;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PURPOSE = 'upload';

export const userKeyPrefix = (userId: string) => `u/${userId}/`;

const payloadSchema = z.object({
  pur: z.literal(PURPOSE),
  uid: z.string(),
  kp: z.string(),
  types: z.array(z.string()),
  max: z.number().int().positive(),
  exp: z.number().int(),
});
type GrantPayload = z.infer<typeof payloadSchema>;

const sign = (payload: string) => createHmac('sha256', deriveKey('upload-grant')).update(payload).digest('base64url');

/**
 * UpLoadFileAuths: `v1.<payload>.<HMAC-SHA256>` (base64url), signed with a key
 * derived from the app secret for this purpose only. It names the user, their
 * key prefix, the allowed types, the size cap and the expiry (10 minutes).
 * A grant may be used for several files until it expires (an avatar and then
 * attachments from one page); the payload carries a nonce should grants later
 * become single-use.
 */
export function issueGrant(userId: string, now: Date): UploadGrant {
  const expiresAt = new Date(now.getTime() + GRANT_TTL_MS);
  const payload: GrantPayload & { n: string } = {
    pur: PURPOSE,
    uid: userId,
    kp: userKeyPrefix(userId),
    types: ALLOWED_TYPES,
    max: MAX_UPLOAD_BYTES,
    exp: expiresAt.getTime(),
    n: randomBytes(9).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return {
    uploadUrl: UPLOAD_URL,
    grant: `v1.${body}.${sign(body)}`,
    keyPrefix: payload.kp,
    allowedTypes: [...ALLOWED_TYPES],
    maxBytes: MAX_UPLOAD_BYTES,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The grant's terms, or code 400 naming `grant` when it is forged, altered, for another purpose or expired. */
export function verifyGrant(grant: string, now: Date): GrantPayload {
  const [v, body, sig, ...rest] = grant.split('.');
  if (v !== 'v1' || !body || !sig || rest.length || !safeEqual(sig, sign(body))) throw fail.invalid('grant', 'is not a valid upload grant');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw fail.invalid('grant', 'is not a valid upload grant');
  }
  const p = payloadSchema.safeParse(parsed);
  if (!p.success) throw fail.invalid('grant', 'is not a valid upload grant');
  if (p.data.exp <= now.getTime()) throw fail.invalid('grant', 'has expired; request a new upload grant');
  return p.data;
}

const describeSize = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Stores one uploaded file under the grant's terms; answers its key and public URL. */
export async function storeUpload(db: Db, input: { grant: string; bytes: Uint8Array; now: Date }) {
  const terms = verifyGrant(input.grant, input.now);
  const { bytes } = input;
  if (bytes.length === 0) throw fail.invalid('file', 'is empty');
  if (bytes.length > terms.max) throw fail.invalid('file', `must be at most ${describeSize(terms.max)}`);
  const type = sniffType(bytes);
  if (!type || !terms.types.includes(type)) throw fail.invalid('file', 'must be a JPEG, PNG, WebP image or a PDF document');

  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, terms.uid)).limit(1);
  if (!owner) throw fail.invalid('grant', 'is not a valid upload grant');

  const d = input.now;
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const key = `${terms.kp}${month}/${randomBytes(12).toString('hex')}.${EXTENSION[type]}`;
  await fileStorage().put(key, bytes, type);
  await db.insert(storedFiles).values({ key, userId: terms.uid, contentType: type, bytes: bytes.length, createdAt: input.now });
  return { key, url: filesPublicPath() + key };
}

import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { normaliseReturnPath } from '@/lib/routing/return-path';
import { ErrorCode } from '@/lib/api/envelope';
import { safeEqual } from '../auth/tokens';
import { ApiError, invalidField } from '../errors';
import { findPlatform, type Platform } from './catalogue';
import { platformSecret } from './secrets';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';

/** A hand-off lives at most 5 minutes (docs/accounts.md). */
export const HANDOFF_MAX_TTL_MS = 5 * 60 * 1000;
/** Clocks of two machines differ a little: an `iat` this far ahead is still accepted. */
export const CLOCK_SKEW_MS = 30 * 1000;
/** The audience of tokens a platform sends to the portal; tokens the portal sends name the platform. */
export const PORTAL_AUDIENCE = 'portal';
const VERSION = 'v1';
// Not a dot (as in a JWT): the token is a URL path segment, and a path ending in `.<letters>`
// is taken for a static file by proxy.ts. `~` is unreserved in URLs and outside base64url.
export const SEP = '~';

/**
 * The signed claims. The token is `v1~<base64url(JSON claims)>~<base64url(HMAC-SHA256(secret, "v1~" + claims))>`,
 * signed with the secret the portal shares with the platform named by `iss`
 * (inbound) or `aud` (outbound). `nonce` makes each token single-use.
 */
export const claimsSchema = z.object({
  iss: z.string().min(1).max(64),
  aud: z.string().min(1).max(64),
  phone: z.string().max(32),
  name: z.string().max(64),
  ret: z.string().max(1024),
  iat: z.number().int(),
  exp: z.number().int(),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type HandoffClaims = z.infer<typeof claimsSchema>;

/** Why a token was refused; the correspondence page shows a text per reason. */
export type HandoffRefusal =
  | 'malformed'
  | 'platform'
  | 'signature'
  | 'audience'
  | 'expired'
  | 'lifetime'
  | 'phone'
  | 'used'
  | 'staff'
  | 'unlinked';

export function refuse(reason: HandoffRefusal, why: MessageRef): ApiError {
  return new ApiError(ErrorCode.invalid, invalidField('token', why), { reason });
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const mac = (secret: Buffer, signed: string) => createHmac('sha256', secret).update(signed).digest('base64url');

/** Signs claims for (inbound) or to (outbound) a platform. */
export function signHandoff(claims: HandoffClaims, secret: Buffer): string {
  const body = b64(JSON.stringify(claims));
  return `${VERSION}${SEP}${body}${SEP}${mac(secret, `${VERSION}${SEP}${body}`)}`;
}

export type HandoffInput = { phone: string; name: string; returnPath: string; now: Date; ttlMs?: number };

function claimsFor(iss: string, aud: string, input: HandoffInput): HandoffClaims {
  const iat = input.now.getTime();
  return {
    iss,
    aud,
    phone: input.phone,
    name: input.name,
    ret: input.returnPath,
    iat,
    exp: iat + Math.min(input.ttlMs ?? HANDOFF_MAX_TTL_MS, HANDOFF_MAX_TTL_MS),
    nonce: randomBytes(16).toString('base64url'),
  };
}

/** What a platform sends: a token the portal's /correspondence/{token} accepts (used by `npm run platform:token` and tests). */
export function issueInboundToken(p: Platform, input: HandoffInput) {
  const claims = claimsFor(p.key, PORTAL_AUDIENCE, input);
  return { token: signHandoff(claims, platformSecret(p)), claims };
}

/** What the portal sends a platform (UserPlatformAuth): the same format, with the platform as the audience. */
export function issueOutboundToken(p: Platform, input: HandoffInput) {
  const claims = claimsFor(PORTAL_AUDIENCE, p.key, input);
  return { token: signHandoff(claims, platformSecret(p)), claims };
}

const PHONE = /^1[3-9]\d{9}$/;

/**
 * Checks a token a platform sent: well-formed, from a known platform, signed
 * with its secret, meant for the portal, unexpired, living no longer than 5
 * minutes, with a mainland phone. The return path comes back as a same-site path (anything
 * else becomes `/`). Single use, and whose account it may enter, are the caller's part (they
 * need the database).
 */
export function verifyInboundToken(token: string, now: Date): { platform: Platform; claims: HandoffClaims } {
  const parts = token.split(SEP);
  const [v, body, sig] = parts;
  if (parts.length !== 3 || v !== VERSION || !body || !sig) throw refuse('malformed', msg('handoff.malformed'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw refuse('malformed', msg('handoff.malformed'));
  }
  const c = claimsSchema.safeParse(parsed);
  if (!c.success) throw refuse('malformed', msg('handoff.malformed'));
  const claims = c.data;
  const platform = findPlatform(claims.iss);
  if (!platform) throw refuse('platform', msg('handoff.unknownPlatform'));
  if (!safeEqual(sig, mac(platformSecret(platform), `${VERSION}${SEP}${body}`))) {
    throw refuse('signature', msg('handoff.signature'));
  }
  if (claims.aud !== PORTAL_AUDIENCE) throw refuse('audience', msg('handoff.audience'));
  const t = now.getTime();
  if (claims.exp <= t) throw refuse('expired', msg('handoff.expired'));
  if (
    claims.exp - claims.iat > HANDOFF_MAX_TTL_MS ||
    claims.iat > t + CLOCK_SKEW_MS ||
    claims.exp > t + HANDOFF_MAX_TTL_MS + CLOCK_SKEW_MS
  ) {
    throw refuse('lifetime', msg('handoff.lifetime'));
  }
  if (!PHONE.test(claims.phone)) throw refuse('phone', msg('handoff.phone'));
  return { platform, claims: { ...claims, ret: normaliseReturnPath(claims.ret) } };
}

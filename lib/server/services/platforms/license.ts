import 'server-only';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { HandoffLicense, HandoffSwitch, HandoffUrl } from '@/lib/api/schemas/platform';
import { ErrorCode } from '@/lib/api/envelope';
import { createSession, type SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { platformLinks, usedHandoffTokens, userPlatformRegions, users } from '../../db/schema';
import { isSafeReturnPath } from '@/lib/routing/return-path';
import { ApiError, fail } from '../../errors';
import { findPlatform } from '../../platforms/catalogue';
import { HANDOFF_MAX_TTL_MS, issueOutboundToken, refuse, verifyInboundToken } from '../../platforms/handoff-token';
import { platformHandoffUrl } from '../../platforms/secrets';
import { defaultNickname } from '../accounts/registration';
import { msg } from '@/lib/i18n/server-messages';

type Meta = { ip: string | null; userAgent: string | null; now: Date };

/**
 * Accounts made by a hand-off have no password yet: this is no scrypt string, so
 * no password matches it; the user sets one with "forgot password" (an SMS code).
 */
export const NO_PASSWORD = '!handoff';

const nicknameOf = (name: string, phone: string) => {
  const n = name.trim().slice(0, 32);
  return n || defaultNickname(phone);
};

/** Whether a platform may hand its users into this existing account (see platformLinks). */
async function linkedTo(tx: Db, user: { id: string; sourcePlatformCode: string | null }, platformKey: string) {
  if (user.sourcePlatformCode === platformKey) return true;
  const [link] = await tx
    .select({ k: platformLinks.platformKey })
    .from(platformLinks)
    .where(and(eq(platformLinks.userId, user.id), eq(platformLinks.platformKey, platformKey)))
    .limit(1);
  if (link) return true;
  const [region] = await tx
    .select({ k: userPlatformRegions.platformKey })
    .from(userPlatformRegions)
    .where(and(eq(userPlatformRegions.userId, user.id), eq(userPlatformRegions.platformKey, platformKey)))
    .limit(1);
  return !!region;
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/**
 * A link for another account than the one this browser is logged in to does not silently
 * replace it (a link forwarded by someone else would otherwise switch accounts unseen): it is
 * refused, unspent, with both phones masked, until the page comes back with switchAccount=1.
 */
function refuseSilentSwitch(current: SessionUser | null, phone: string, switchAccount: boolean) {
  if (!current || current.phone === phone || switchAccount) return;
  const data: HandoffSwitch = { reason: 'switch', current: masked(current.phone), next: masked(phone) };
  throw new ApiError(ErrorCode.conflict, msg('handoff.switch', data), data);
}

/**
 * PlatformTokenLicense: verifies the token, spends it (single use), finds or
 * creates the user by phone (recording the platform they came from) and opens a
 * portal session, all in one transaction, so a failure spends nothing. A platform
 * speaks for its own users only: an existing account is entered only when it is linked
 * to that platform, and never a staff account (staff log in with their password).
 */
export async function licensePlatformToken(
  db: Db,
  token: string,
  meta: Meta,
  browser: { current: SessionUser | null; switchAccount: boolean } = { current: null, switchAccount: false },
): Promise<HandoffLicense> {
  const { platform, claims } = verifyInboundToken(token, meta.now);
  refuseSilentSwitch(browser.current, claims.phone, browser.switchAccount);
  return db.transaction(async (tx) => {
    // Tokens past their expiry can never be accepted again, so their records are no longer needed.
    await tx
      .delete(usedHandoffTokens)
      .where(lte(usedHandoffTokens.expiresAt, new Date(meta.now.getTime() - HANDOFF_MAX_TTL_MS)));
    const spent = await tx
      .insert(usedHandoffTokens)
      .values({
        id: `${platform.key}:${claims.nonce}`,
        platformKey: platform.key,
        usedAt: meta.now,
        expiresAt: new Date(claims.exp),
      })
      .onConflictDoNothing()
      .returning({ id: usedHandoffTokens.id });
    if (!spent.length) throw refuse('used', msg('handoff.used'));

    const created = await tx
      .insert(users)
      .values({
        phone: claims.phone,
        passwordHash: NO_PASSWORD,
        nickname: nicknameOf(claims.name, claims.phone),
        sourcePlatformCode: platform.key,
        createdAt: meta.now,
        updatedAt: meta.now,
      })
      .onConflictDoNothing({ target: users.phone })
      .returning({ id: users.id });
    let userId = created[0]?.id;
    if (!userId) {
      const [existing] = await tx
        .select({ id: users.id, roles: users.roles, sourcePlatformCode: users.sourcePlatformCode })
        .from(users)
        .where(eq(users.phone, claims.phone))
        .limit(1);
      if (!existing) throw new Error('hand-off: the user vanished between insert and select');
      // Thrown inside the transaction: the token is not spent.
      if (existing.roles.length) throw refuse('staff', msg('handoff.staff'));
      if (!(await linkedTo(tx as unknown as Db, existing, platform.key)))
        throw refuse(
          'unlinked',
          msg('handoff.unlinked', { platform: { en: platform.nameEn, 'zh-CN': platform.nameZh } }),
        );
      userId = existing.id;
      // The first platform an existing account arrives from is remembered; later ones do not overwrite it.
      await tx
        .update(users)
        .set({ sourcePlatformCode: platform.key, updatedAt: meta.now })
        .where(and(eq(users.id, userId), isNull(users.sourcePlatformCode)));
    }
    const session = await createSession(tx as unknown as Db, userId, meta, meta.now);
    return { ...session, returnPath: claims.ret, isNewUser: created.length > 0, plaformKey: platform.key };
  });
}

/**
 * UserPlatformAuth: a signed hand-off URL that logs the current user in on the platform. The
 * owner opening the platform from the portal links the account to it, so that platform may
 * later hand them back in.
 */
export async function platformAuthUrl(
  db: Db,
  user: SessionUser,
  identifier: string,
  returnPath: string,
  now: Date,
): Promise<HandoffUrl> {
  if (!isSafeReturnPath(returnPath)) throw fail.invalid('returnPath', msg('handoff.relativePath'));
  const platform = findPlatform(identifier);
  if (!platform) throw fail.notFound(msg('handoff.platformNotFound'));
  const { token, claims } = issueOutboundToken(platform, { phone: user.phone, name: user.nickname, returnPath, now });
  const url = platformHandoffUrl(platform, token);
  if (!url)
    throw fail.generic(msg('handoff.noAddress', { platform: { en: platform.nameEn, 'zh-CN': platform.nameZh } }));
  await db
    .insert(platformLinks)
    .values({ userId: user.id, platformKey: platform.key, linkedAt: now })
    .onConflictDoNothing();
  return { url, plaformKey: platform.key, expiresAt: new Date(claims.exp).toISOString() };
}

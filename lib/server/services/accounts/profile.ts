import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { UpdateUserExtendBody, UserDTO, UserExtendDTO } from '@/lib/api/schemas/user';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { storedFiles, userProfiles, users } from '../../db/schema';
import { fail } from '../../errors';
import { IMAGE_TYPES, feedbackGrantOf, userKeyPrefix } from './uploads';
import { msg } from '@/lib/i18n/server-messages';

export function toUserDTO(u: SessionUser): UserDTO {
  return {
    id: u.id,
    phone: u.phone,
    nickname: u.nickname,
    sourcePlaformCode: u.sourcePlatformCode,
    isStaff: u.isStaff,
    createdAt: u.createdAt.toISOString(),
  };
}

const EMPTY: UserExtendDTO = {
  realName: null,
  company: null,
  position: null,
  region: null,
  industry: null,
  avatar: null,
};

/** QueryUserExtendDTO: every field null until the user sets it. */
export async function getProfile(db: Db, userId: string): Promise<UserExtendDTO> {
  const [p] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
  if (!p) return { ...EMPTY };
  return {
    realName: p.realName,
    company: p.company,
    position: p.position,
    region: p.region,
    industry: p.industry,
    avatar: p.avatar,
  };
}

/** Blank text clears a field; an absent field stays as it is. */
const norm = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

/**
 * UpdateUserExtendDTO. The avatar is a storage key the user uploaded (an image
 * under their own prefix), so nobody can point their avatar at someone else's file.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  body: UpdateUserExtendBody,
  now: Date,
): Promise<UserExtendDTO> {
  const avatar = norm(body.avatar);
  if (avatar) {
    const [f] = await db
      .select({ type: storedFiles.contentType })
      .from(storedFiles)
      .where(and(eq(storedFiles.key, avatar), eq(storedFiles.userId, userId)))
      .limit(1);
    // Grants are single-purpose: an image uploaded for a feedback is not an avatar.
    if (!avatar.startsWith(userKeyPrefix(userId)) || feedbackGrantOf(userId, avatar) || !f)
      throw fail.invalid('avatar', msg('accounts.avatarNotYours'));
    if (!IMAGE_TYPES.includes(f.type)) throw fail.invalid('avatar', msg('accounts.avatarNotImage'));
  }
  const fields = {
    realName: norm(body.realName),
    company: norm(body.company),
    position: norm(body.position),
    region: norm(body.region),
    industry: norm(body.industry),
    avatar,
  };
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  await db.transaction(async (tx) => {
    if (body.nickname !== undefined)
      await tx.update(users).set({ nickname: body.nickname, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .insert(userProfiles)
      .values({ userId, ...set, updatedAt: now })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { ...set, updatedAt: now } });
  });
  return getProfile(db, userId);
}

import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import {
  PLATFORM_KEY_FIELD,
  type FeedbackTypeDTO,
  type PlatformDTO,
  type PlatformRegionDTO,
} from '@/lib/api/schemas/feedback';
import type { Db } from '../../db/client';
import { feedbackTypes, platforms, userPlatformRegions } from '../../db/schema';
import { fail } from '../../errors';
import { msg } from '@/lib/i18n/server-messages';

/** QueryPlatformDataList: the company's platforms in display order. */
export async function listPlatforms(db: Db): Promise<PlatformDTO[]> {
  const rows = await db.select().from(platforms).orderBy(asc(platforms.sort), asc(platforms.key));
  return rows.map((p) => ({ plaformKey: p.key, nameZh: p.nameZh, nameEn: p.nameEn, productPath: p.productPath }));
}

export async function requirePlatform(db: Db, key: string, field = PLATFORM_KEY_FIELD) {
  const [p] = await db.select().from(platforms).where(eq(platforms.key, key)).limit(1);
  if (!p) throw fail.invalid(field, msg('validation.platform'));
  return p;
}

/** QueryInfoFeedbackTypeDataList: a platform's feedback types. */
export async function listTypes(db: Db, platformKey: string): Promise<FeedbackTypeDTO[]> {
  await requirePlatform(db, platformKey);
  const rows = await db
    .select()
    .from(feedbackTypes)
    .where(eq(feedbackTypes.platformKey, platformKey))
    .orderBy(asc(feedbackTypes.sort), asc(feedbackTypes.code));
  return rows.map((t) => ({ id: t.id, code: t.code, nameZh: t.nameZh, nameEn: t.nameEn }));
}

/** QueryUserPlatformRegion: the caller's own regions on that platform (possibly none). */
export async function listUserRegions(db: Db, userId: string, platformKey: string): Promise<PlatformRegionDTO[]> {
  await requirePlatform(db, platformKey);
  const rows = await db
    .select()
    .from(userPlatformRegions)
    .where(and(eq(userPlatformRegions.userId, userId), eq(userPlatformRegions.platformKey, platformKey)))
    .orderBy(asc(userPlatformRegions.sort), asc(userPlatformRegions.regionCode));
  return rows.map((r) => ({ regionCode: r.regionCode, nameZh: r.nameZh, nameEn: r.nameEn }));
}

import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DataProductAuthsDTO } from '@/lib/api/schemas/market';
import type { Db } from '../../../db/client';
import { dataProducts, regions, userDataProductAuths } from '../../../db/schema';
import { fail } from '../../../errors';
import { type Lang } from './catalogue';
import { pick } from '@/lib/shared/names';
import { msg } from '@/lib/i18n/server-messages';

/**
 * QueryUserDataProductAuthsRegion (docs/commerce.md): the regions of one data product the user
 * holds, with expiry. The user is always the session's; expired holdings are listed as inactive.
 */
export async function userAuths(
  db: Db,
  userId: string,
  productCode: string,
  lang: Lang,
  now: Date,
): Promise<DataProductAuthsDTO> {
  const [product] = await db
    .select({ code: dataProducts.code })
    .from(dataProducts)
    .where(eq(dataProducts.code, productCode));
  if (!product) throw fail.notFound(msg('commerce.unknownDataProduct', { code: productCode }));
  const a = userDataProductAuths;
  const rows = await db
    .select({
      regionId: a.regionId,
      nameZh: regions.nameZh,
      nameEn: regions.nameEn,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
    })
    .from(a)
    .innerJoin(regions, eq(regions.id, a.regionId))
    .where(and(eq(a.userId, userId), eq(a.productCode, productCode)))
    .orderBy(desc(a.endsAt), asc(regions.sort), asc(a.regionId));
  return rows.map((r) => {
    const startsAt = new Date(r.startsAt);
    const endsAt = new Date(r.endsAt);
    return {
      regionId: r.regionId,
      regionName: pick(lang, r.nameZh, r.nameEn),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      active: startsAt <= now && endsAt > now,
    };
  });
}

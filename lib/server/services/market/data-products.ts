import 'server-only';
import { sql } from 'drizzle-orm';
import type { DataProductAuthsDTO } from '@/lib/api/schemas/market';
import { query, type Db } from '../../db/client';
import { fail } from '../../errors';
import { pick, type Lang } from './catalogue';
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
  const [product] = await query<{ code: string }>(db, sql`SELECT code FROM data_products WHERE code = ${productCode}`);
  if (!product) throw fail.notFound(msg('commerce.unknownDataProduct', { code: productCode }));
  const rows = await query<{
    region_id: string;
    name_zh: string;
    name_en: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(
    db,
    sql`SELECT a.region_id, r.name_zh, r.name_en, a.starts_at, a.ends_at FROM user_data_product_auths a JOIN regions r ON r.id = a.region_id
        WHERE a.user_id = ${userId} AND a.product_code = ${productCode} ORDER BY a.ends_at DESC, r.sort, a.region_id`,
  );
  return rows.map((r) => {
    const startsAt = new Date(r.starts_at);
    const endsAt = new Date(r.ends_at);
    return {
      regionId: r.region_id,
      regionName: pick(lang, r.name_zh, r.name_en),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      active: startsAt <= now && endsAt > now,
    };
  });
}

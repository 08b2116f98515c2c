import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { memberPrivilegesSchema } from '@/lib/api/schemas/member';
import type { LevelOffer, ProductOffer } from '../../../access/market-policy';
import type { Db } from '../../../db/client';
import { jsonColumn } from '../../../db/json-column';
import { dataProducts, memberLevels } from '../../../db/schema';
import { type Lang } from './catalogue';
import { pick } from '@/lib/shared/names';

type Offers = { levels: LevelOffer[]; products: ProductOffer[] };
const cache = new Map<Lang, { at: number; offers: Offers }>();
const TTL_MS = 30_000;

/**
 * What could unlock a refused call: the levels on sale and the data products on sale. They
 * change rarely (catalogue edits), so each process keeps them for 30 s.
 */
export async function loadOffers(db: Db, lang: Lang, now = Date.now()): Promise<Offers> {
  const hit = cache.get(lang);
  if (hit && now - hit.at < TTL_MS) return hit.offers;
  const [levels, products] = await Promise.all([
    db
      .select({
        code: memberLevels.code,
        name_zh: memberLevels.nameZh,
        name_en: memberLevels.nameEn,
        rank: memberLevels.rank,
        privileges: memberLevels.privileges,
      })
      .from(memberLevels)
      .where(eq(memberLevels.forSale, true))
      .orderBy(asc(memberLevels.rank)),
    db
      .select({
        code: dataProducts.code,
        name_zh: dataProducts.nameZh,
        name_en: dataProducts.nameEn,
        category_code: dataProducts.categoryCode,
        min_rank: dataProducts.minRank,
      })
      .from(dataProducts)
      .where(eq(dataProducts.onSale, true))
      .orderBy(asc(dataProducts.sort), asc(dataProducts.code)),
  ]);
  const offers: Offers = {
    // A level whose privileges do not parse is not offered (it could not unlock anything predictable).
    levels: levels.flatMap((l) => {
      const p = memberPrivilegesSchema.safeParse(jsonColumn(l.privileges));
      return p.success
        ? [{ code: l.code, name: pick(lang, l.name_zh, l.name_en), rank: Number(l.rank), privileges: p.data }]
        : [];
    }),
    products: products.map((p) => ({
      code: p.code,
      name: pick(lang, p.name_zh, p.name_en),
      categoryCode: p.category_code,
      minRank: Number(p.min_rank),
    })),
  };
  cache.set(lang, { at: now, offers });
  return offers;
}

/** Forget the cached offers (after the catalogue changes, e.g. in seeds and tests). */
export function clearOffersCache() {
  cache.clear();
}

import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { memberPrivilegesSchema, type MemberPrivileges } from '@/lib/api/schemas/member';
import type { SessionUser } from '../../auth/sessions';
import type { Holding, LevelOffer, ProductOffer, Viewer } from '../../access/market-policy';
import { query, type Db } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import { dataProducts, memberLevels, userDataProductAuths, userMemberships } from '../../db/schema';
import { pick, type Lang } from './catalogue';

/** Who is asking, as the access policy sees them: membership in force and data products held (one round trip). */
export async function loadViewer(db: Db, user: SessionUser | null, now: Date): Promise<Viewer> {
  if (!user) return { kind: 'anonymous' };
  const at = now.toISOString();
  const [m, l, a, d] = [userMemberships, memberLevels, userDataProductAuths, dataProducts];
  const [row] = await query<{ member: MemberJson | string | null; holdings: HoldingJson[] | string }>(
    db,
    sql`SELECT
          (SELECT json_build_object('rank', ${l.rank}, 'code', ${l.code}, 'privileges', ${l.privileges})
             FROM ${m} JOIN ${l} ON ${l.id} = ${m.levelId}
             WHERE ${m.userId} = ${user.id} AND ${m.startsAt} <= ${at}::timestamptz AND ${m.endsAt} > ${at}::timestamptz
             ORDER BY ${l.rank} DESC LIMIT 1) AS member,
          (SELECT coalesce(json_agg(json_build_object('product', ${a.productCode}, 'category', ${d.categoryCode}, 'region', ${a.regionId}, 'ends', ${a.endsAt})), '[]'::json)
             FROM ${a} JOIN ${d} ON ${d.code} = ${a.productCode}
             WHERE ${a.userId} = ${user.id} AND ${a.startsAt} <= ${at}::timestamptz AND ${a.endsAt} > ${at}::timestamptz) AS holdings`,
  );
  const member = jsonColumn<MemberJson | null>(row?.member ?? null);
  return {
    kind: 'user',
    member: member ? { rank: Number(member.rank), levelCode: member.code, privileges: member.privileges } : null,
    holdings: jsonColumn<HoldingJson[]>(row?.holdings ?? []).map(
      (h): Holding => ({
        dataProductCode: h.product,
        categoryCode: h.category,
        regionId: h.region,
        endsAt: new Date(h.ends),
      }),
    ),
  };
}

type MemberJson = { rank: number; code: string; privileges: MemberPrivileges };
type HoldingJson = { product: string; category: string; region: string; ends: string };

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

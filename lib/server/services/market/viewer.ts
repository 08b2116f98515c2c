import 'server-only';
import { sql } from 'drizzle-orm';
import { memberPrivilegesSchema, type MemberPrivileges } from '@/lib/api/schemas/member';
import type { SessionUser } from '../../auth/sessions';
import type { Holding, LevelOffer, ProductOffer, Viewer } from '../../access/market-policy';
import { query, type Db } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import { pick, type Lang } from './catalogue';

/** Who is asking, as the access policy sees them: membership in force and data products held (one round trip). */
export async function loadViewer(db: Db, user: SessionUser | null, now: Date): Promise<Viewer> {
  if (!user) return { kind: 'anonymous' };
  const at = now.toISOString();
  const [row] = await query<{ member: MemberJson | string | null; holdings: HoldingJson[] | string }>(
    db,
    sql`SELECT
          (SELECT json_build_object('rank', l.rank, 'code', l.code, 'privileges', l.privileges)
             FROM user_memberships m JOIN member_levels l ON l.id = m.level_id
             WHERE m.user_id = ${user.id} AND m.starts_at <= ${at}::timestamptz AND m.ends_at > ${at}::timestamptz
             ORDER BY l.rank DESC LIMIT 1) AS member,
          (SELECT coalesce(json_agg(json_build_object('product', a.product_code, 'category', d.category_code, 'region', a.region_id, 'ends', a.ends_at)), '[]'::json)
             FROM user_data_product_auths a JOIN data_products d ON d.code = a.product_code
             WHERE a.user_id = ${user.id} AND a.starts_at <= ${at}::timestamptz AND a.ends_at > ${at}::timestamptz) AS holdings`,
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
    query<{ code: string; name_zh: string; name_en: string; rank: number; privileges: unknown }>(
      db,
      sql`SELECT code, name_zh, name_en, rank, privileges FROM member_levels WHERE for_sale ORDER BY rank`,
    ),
    query<{ code: string; name_zh: string; name_en: string; category_code: string; min_rank: number }>(
      db,
      sql`SELECT code, name_zh, name_en, category_code, min_rank FROM data_products WHERE on_sale ORDER BY sort, code`,
    ),
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

import 'server-only';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { UnlockDTO } from '@/lib/api/schemas/market';
import type { WatchItemDTO, WatchlistDTO } from '@/lib/api/schemas/alert-calls';
import { alertLimitsOf } from '@/lib/shared/alert-limits';
import { addMonths } from '@/lib/shared/dates';
import { round4 } from '@/lib/shared/format';
import { msg } from '@/lib/i18n/server-messages';
import { pick } from '@/lib/shared/names';
import type { Viewer } from '../../access/market-policy';
import type { Db } from '../../db/client';
import { query } from '../../db/client';
import { alertRules, priceObservations, regionPrices, watchlistItems } from '../../db/schema';
import { arr } from '../../db/sql-array';
import { fail } from '../../errors';
import { ACTUAL, PRICE_TYPE_CODE, PRICE_TYPE_OF } from '../../market/codes';
import { check, type AccessCtx } from '../market/read/access';
import { loadProduct, loadRegion, snapshot, withPrices } from '../market/read/catalogue';
import { anomaliesOf, seriesKey } from './anomaly-read';
import type { SeriesKey } from './anomaly-refresh';

const o = priceObservations;
const rp = regionPrices;

/** A membership's limits: the viewer's level, else free (docs/pricing.md, "Watchlists and alerts"). */
export function limitsOf(viewer: Viewer) {
  const member = viewer.kind === 'user' ? viewer.member : null;
  return { level: member?.levelCode ?? 'free', limits: alertLimitsOf(member) };
}

/** The observations of series alias `k` (p, g, ty, cur) as a subquery: a market's actual prices or a region's derived ones. */
export function observationsOf(k: string, where: (day: SQL) => SQL = () => sql`true`): SQL {
  const a = sql.raw(k);
  return sql`(SELECT ${o.day} AS day, ${o.price} AS price FROM ${o}
      WHERE ${o.productNum} = ${a}.p AND ${o.marketNum} = ${a}.g AND ${o.priceType} = ${a}.ty AND ${o.currency} = ${a}.cur
        AND ${o.flag} = ${ACTUAL} AND ${where(sql`${o.day}`)}
    UNION ALL
    SELECT ${rp.day} AS day, ${rp.price} AS price FROM ${rp}
      WHERE ${rp.productNum} = ${a}.p AND ${rp.regionNum} = ${a}.g AND ${rp.priceType} = ${a}.ty AND ${rp.currency} = ${a}.cur
        AND ${where(sql`${rp.day}`)})`;
}

/** Follows a series (FollowSeries): idempotent; refused past the level's limit or for a series without prices. */
export async function follow(
  ctx: AccessCtx,
  userId: string,
  body: { productCode: string; regionId: string; priceType: 'wholesale' | 'retail' },
): Promise<{ id: string; created: boolean }> {
  const { db, lang } = ctx;
  const product = await loadProduct(db, body.productCode, lang);
  const region = withPrices(await loadRegion(db, body.regionId, lang));
  const key: SeriesKey = {
    productNum: product.num,
    regionNum: region.num,
    priceType: PRICE_TYPE_CODE[body.priceType],
    currency: region.currency,
  };
  const w = watchlistItems;
  const same = and(
    eq(w.userId, userId),
    eq(w.productNum, key.productNum),
    eq(w.regionNum, key.regionNum),
    eq(w.priceType, key.priceType),
    eq(w.currency, key.currency),
  );
  const [held] = await db.select({ id: w.id }).from(w).where(same);
  if (held) return { id: held.id, created: false };
  const [priced] = await query<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM (SELECT ${key.productNum}::int2 AS p, ${key.regionNum}::int4 AS g, ${key.priceType}::int2 AS ty, ${key.currency}::text AS cur) k,
      LATERAL ${observationsOf('k')} x LIMIT 1`,
  );
  if (!priced)
    throw fail.notFound(
      msg('alerts.noSeries', { product: product.name, region: region.name, priceType: body.priceType }),
    );
  const { limits } = limitsOf(ctx.viewer);
  return db.transaction(async (tx) => {
    // One user's follows one after the other, so two at once cannot both pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`watchlist:${userId}`}))`);
    const [{ n }] = (await tx.select({ n: count() }).from(w).where(eq(w.userId, userId))) as [{ n: number }];
    if (Number(n) >= limits.series) throw fail.forbidden(msg('alerts.seriesLimit', { max: limits.series }));
    const [row] = await tx
      .insert(w)
      .values({ userId, ...key })
      .onConflictDoNothing()
      .returning({ id: w.id });
    if (row) return { id: row.id, created: true };
    const [again] = await tx.select({ id: w.id }).from(w).where(same);
    return { id: again!.id, created: false };
  });
}

/** Unfollows (UnfollowSeries): the item and its alert rules; another user's item is "not in your watchlist". */
export async function unfollow(db: Db, userId: string, id: string) {
  const gone = await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.id, id), eq(watchlistItems.userId, userId)))
    .returning({ id: watchlistItems.id });
  if (!gone.length) throw fail.notFound(msg('alerts.notFollowed'));
}

type Figures = {
  i: number;
  end: string | null;
  latest: number | null;
  m1: number | null;
  y1: number | null;
  spark: unknown;
};

/** Latest price, the prices a month and a year before it, and weekly means over the year, for each series in one query. */
async function figures(db: Db, keys: SeriesKey[]): Promise<Figures[]> {
  if (!keys.length) return [];
  const at = (months: number) =>
    sql`(SELECT x.price FROM ${observationsOf('e', (d) => sql`${d} <= (e.end_day - interval '${sql.raw(String(months))} month')::date`)} x ORDER BY x.day DESC LIMIT 1)`;
  return query<Figures>(
    db,
    sql`WITH k AS (
        SELECT * FROM unnest(${arr(keys.map((_, i) => i))}::int4[], ${arr(keys.map((k) => k.productNum))}::int2[],
          ${arr(keys.map((k) => k.regionNum))}::int4[], ${arr(keys.map((k) => k.priceType))}::int2[], ${arr(keys.map((k) => k.currency))}::text[])
          AS k(i, p, g, ty, cur)
      ),
      e AS (
        SELECT k.*, x.day AS end_day, x.price AS latest FROM k
        LEFT JOIN LATERAL (SELECT * FROM ${observationsOf('k')} y ORDER BY y.day DESC LIMIT 1) x ON true
      )
      SELECT e.i, e.end_day::text AS "end", e.latest, ${at(1)} AS m1, ${at(12)} AS y1,
        (SELECT json_agg(json_build_array(w.week, w.price) ORDER BY w.week) FROM (
          SELECT to_char(date_trunc('week', s.day), 'YYYY-MM-DD') AS week, round((exp(avg(ln(s.price))))::numeric, 4)::float8 AS price
          FROM ${observationsOf('e', (d) => sql`${d} > (e.end_day - interval '12 month')::date AND ${d} <= e.end_day`)} s
          WHERE s.price > 0 GROUP BY 1) w) AS spark
      FROM e`,
  );
}

const pct = (now: number | null, then: number | null) =>
  now === null || then === null || !then ? null : Math.round(((now - then) / then) * 10_000) / 100;

/** QueryWatchlist: the user's series with latest, changes, sparkline, anomaly level and lock. */
export async function watchlist(ctx: AccessCtx, userId: string): Promise<WatchlistDTO> {
  const { db, lang } = ctx;
  const w = watchlistItems;
  const items = await db.select().from(w).where(eq(w.userId, userId)).orderBy(sql`${w.createdAt} DESC`);
  const counts = await db
    .select({ watchId: alertRules.watchId, n: count() })
    .from(alertRules)
    .where(eq(alertRules.userId, userId))
    .groupBy(alertRules.watchId);
  const rulesOf = new Map(counts.map((c) => [c.watchId, Number(c.n)]));
  const s = await snapshot(db);
  const [fig, anomalies] = await Promise.all([figures(db, items), anomaliesOf(db, items, ctx.today)]);
  const figOf = new Map(fig.map((x) => [Number(x.i), x]));
  const out: WatchItemDTO[] = [];
  for (const [i, item] of items.entries()) {
    const p = s.productByNum.get(item.productNum);
    const r = s.regionByNum.get(item.regionNum);
    if (!p || !r) continue;
    const f = figOf.get(i);
    const end = f?.end ?? null;
    let lock: UnlockDTO | null = null;
    if (end) {
      const region = await loadRegion(db, r.id, lang);
      const d = await check(ctx, 'trend', region, p.categoryCode, addMonths(end, -12), end);
      if (!d.ok) lock = { reason: d.reason, regionId: r.id, ...d.unlock };
    }
    const latest = f?.latest === null || f?.latest === undefined ? null : Number(f.latest);
    const spark = (typeof f?.spark === 'string' ? JSON.parse(f.spark) : (f?.spark ?? [])) as [string, number][];
    out.push({
      id: item.id,
      product: { code: p.code, name: pick(lang, p.nameZh, p.nameEn), unit: p.unit, demo: p.isDemo },
      region: { id: r.id, name: pick(lang, r.nameZh, r.nameEn), level: r.level, countryCode: r.countryCode },
      priceType: PRICE_TYPE_OF[item.priceType] ?? 'wholesale',
      currency: item.currency,
      latest: end && latest !== null ? { date: end, price: round4(latest) } : null,
      change1m: lock ? null : pct(latest, f?.m1 === null || f?.m1 === undefined ? null : Number(f.m1)),
      change1y: lock ? null : pct(latest, f?.y1 === null || f?.y1 === undefined ? null : Number(f.y1)),
      sparkline: lock ? [] : spark.map(([d, v]) => [d, Number(v)] as [string, number]),
      anomaly: anomalies.get(seriesKey(item)) ?? null,
      lock,
      rules: rulesOf.get(item.id) ?? 0,
      createdAt: item.createdAt.toISOString(),
    });
  }
  const { level, limits } = limitsOf(ctx.viewer);
  const rules = [...rulesOf.values()].reduce((a, b) => a + b, 0);
  return {
    items: out,
    level,
    limits: { ...limits, channels: [...limits.channels] },
    usage: { series: items.length, rules },
  };
}

import 'server-only';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnomalyLevelsDTO } from '@/lib/api/schemas/alerts';
import type { AnomalyDTO } from '@/lib/api/schemas/anomaly';
import { ANOMALY_LEVELS, isAnomalyStale, levelRank, type AnomalyLevel } from '@/lib/shared/anomaly';
import { round4 } from '@/lib/shared/format';
import { pick } from '@/lib/shared/names';
import type { Viewer } from '../../access/market-policy';
import type { Db } from '../../db/client';
import { anomalyLevels, regions } from '../../db/schema';
import { arr } from '../../db/sql-array';
import { PRICE_TYPE_OF } from '../../market/codes';
import { snapshot, type Lang } from '../market/read/catalogue';
import type { SeriesKey } from './anomaly-refresh';

type Row = typeof anomalyLevels.$inferSelect;

const r2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
const r4 = (x: number | null) => (x === null ? null : round4(x));

/** A stored level as the pages read it: a series without a price in the last six months is stale, whatever was stored. */
export function toAnomalyDTO(r: Row, today: string): AnomalyDTO {
  const stale = isAnomalyStale(r.lastDay, today);
  return {
    level: stale ? null : ((r.level as AnomalyLevel | null) ?? null),
    score: stale ? null : r2(r.score),
    why: stale ? 'stale' : ((r.why as 'short' | 'gaps' | null) ?? null),
    month: r.lastMonth.slice(0, 7),
    latest: r4(r.latest),
    fitted: r4(r.fitted),
    sd: r4(r.sd),
    months: r.months,
    span: r.span,
    lastDay: r.lastDay,
  };
}

export const seriesKey = (k: SeriesKey) => `${k.productNum}:${k.regionNum}:${k.priceType}:${k.currency}`;

/** The levels of these series, by `seriesKey`; a series never assessed (no actual prices) is absent. */
export async function anomaliesOf(db: Db, keys: readonly SeriesKey[], today: string): Promise<Map<string, AnomalyDTO>> {
  if (!keys.length) return new Map();
  const a = anomalyLevels;
  const rows = await db
    .select()
    .from(a)
    .where(
      sql`(${a.productNum}, ${a.regionNum}, ${a.priceType}, ${a.currency}) IN (SELECT * FROM unnest(
        ${arr(keys.map((k) => k.productNum))}::int2[], ${arr(keys.map((k) => k.regionNum))}::int4[],
        ${arr(keys.map((k) => k.priceType))}::int2[], ${arr(keys.map((k) => k.currency))}::text[]))`,
    );
  return new Map(rows.map((r) => [seriesKey(r), toAnomalyDTO(r, today)]));
}

/**
 * AnomalyLevels (public; docs/market-data.md): a country's series with their levels, flagged ones
 * first. Markets and the nation are everyone's, as their latest prices are (WebPrice, PriceMenu);
 * provinces are a logged-in user's, as their latest prices are (docs/access-policy.md).
 */
export async function anomalyLevelsOf(
  db: Db,
  viewer: Viewer,
  country: string,
  minLevel: AnomalyLevel | undefined,
  lang: Lang,
  today: string,
): Promise<AnomalyLevelsDTO> {
  const a = anomalyLevels;
  const levels = minLevel ? ANOMALY_LEVELS.filter((l) => levelRank(l) >= levelRank(minLevel)) : null;
  const rows = await db
    .select({ a })
    .from(a)
    .innerJoin(regions, eq(regions.num, a.regionNum))
    .where(
      and(
        eq(regions.countryCode, country),
        levels ? and(isNotNull(a.level), inArray(a.level, [...levels])) : undefined,
        viewer.kind === 'anonymous' ? sql`${regions.level} <> 'province'` : undefined,
      ),
    );
  const s = await snapshot(db);
  const series = rows.flatMap(({ a: r }) => {
    const anomaly = toAnomalyDTO(r, today);
    if (levels && !anomaly.level) return [];
    const p = s.productByNum.get(r.productNum);
    const region = s.regionByNum.get(r.regionNum);
    if (!p || !region) return [];
    return [
      {
        product: p.code,
        productName: pick(lang, p.nameZh, p.nameEn),
        regionId: region.id,
        regionName: pick(lang, region.nameZh, region.nameEn),
        regionLevel: region.level,
        priceType: PRICE_TYPE_OF[r.priceType] ?? 'wholesale',
        currency: r.currency,
        anomaly,
      },
    ];
  });
  const rank = (x: AnomalyDTO) => (x.level ? levelRank(x.level) : -1);
  series.sort(
    (x, y) =>
      rank(y.anomaly) - rank(x.anomaly) ||
      (y.anomaly.score ?? -Infinity) - (x.anomaly.score ?? -Infinity) ||
      x.product.localeCompare(y.product) ||
      x.regionId.localeCompare(y.regionId),
  );
  return { country, series };
}

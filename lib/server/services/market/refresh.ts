import 'server-only';
import type { PoolClient } from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { query, type Tx } from '../../db/client';
import { copyBinary } from '../../db/copy-rows';
import { rawClient } from '../../db/raw-client';
import { arr } from '../../db/sql-array';
import { ACTUAL } from '../../market/codes';
import type { ChangedSeries } from './import-batch';

/** The nation's compact number (references.ts inserts the nation first, as 1). */
export const NATION_NUM = 1;

/**
 * Brings the derived tables up to date with what an import changed: region prices (nation and
 * province geometric means) over the changed days of each product, the latest price of each
 * changed market series, and the sources' date spans. Indexes are refreshed by index-refresh.ts.
 */
export type SourceSpan = { productNum: number; sourceId: number; from: string; to: string };

/**
 * `alongside` runs on this process's CPU while the database computes the region prices (an
 * import computes its indexes there); it runs exactly once, also when nothing changed.
 */
export async function refreshDerived(
  tx: Tx,
  changed: readonly ChangedSeries[],
  sources: readonly SourceSpan[],
  alongside: () => void = () => {},
  /** The region prices already summed up (binary COPY data), when no other prices bear on them (region-means.ts). */
  means?: () => Uint8Array,
) {
  if (sources.length) {
    await tx.execute(sql`INSERT INTO product_sources (product_num, source_id, first_day, last_day)
      SELECT * FROM unnest(${arr(sources.map((s) => s.productNum))}::int2[], ${arr(sources.map((s) => s.sourceId))}::int2[],
        ${arr(sources.map((s) => s.from))}::date[], ${arr(sources.map((s) => s.to))}::date[])
      ON CONFLICT (product_num, source_id) DO UPDATE SET
        first_day = least(product_sources.first_day, excluded.first_day), last_day = greatest(product_sources.last_day, excluded.last_day)`);
  }
  if (!changed.length) return alongside();
  // One entry per market series (batches and the merge may each report a part of it).
  const bySeries = new Map<string, ChangedSeries>();
  for (const c of changed) {
    const k = `${c.productNum}:${c.marketNum}:${c.priceType}`;
    const s = bySeries.get(k);
    if (!s) bySeries.set(k, { ...c });
    else {
      if (c.from < s.from) s.from = c.from;
      if (c.to > s.to) s.to = c.to;
    }
  }
  const series = [...bySeries.values()];
  // Per product and price type, the union of the changed spans of its markets.
  const spans = new Map<string, { p: number; t: number; lo: string; hi: string }>();
  for (const c of series) {
    const k = `${c.productNum}:${c.priceType}`;
    const s = spans.get(k);
    if (!s) spans.set(k, { p: c.productNum, t: c.priceType, lo: c.from, hi: c.to });
    else {
      if (c.from < s.lo) s.lo = c.from;
      if (c.to > s.hi) s.hi = c.to;
    }
  }
  const r = [...spans.values()];
  const t = sql`unnest(${arr(r.map((x) => x.p))}::int2[], ${arr(r.map((x) => x.t))}::int2[], ${arr(r.map((x) => x.lo))}::date[], ${arr(r.map((x) => x.hi))}::date[]) AS t(p, ty, lo, hi)`;
  await tx.execute(
    sql`DELETE FROM region_prices rp USING ${t} WHERE rp.product_num = t.p AND rp.price_type = t.ty AND rp.day BETWEEN t.lo AND t.hi`,
  );
  if (means) {
    const raw = rawClient(tx);
    if (raw.kind !== 'postgres') throw new Error('precomputed region prices are written with COPY (PostgreSQL)');
    await copyBinary(raw.client as unknown as PoolClient, 'region_prices', REGION_PRICE_COLUMNS, means());
    alongside();
  } else await deriveMeans(tx, t, alongside);

  await tx.execute(sql`INSERT INTO latest_prices (product_num, market_num, price_type, day, price, prev_day, prev_price, source_id)
    SELECT k.p, k.m, k.ty, l.day, l.price, l.prev_day, l.prev_price, l.source_id
    FROM unnest(${arr(series.map((c) => c.productNum))}::int2[], ${arr(series.map((c) => c.marketNum))}::int4[], ${arr(series.map((c) => c.priceType))}::int2[]) AS k(p, m, ty)
    CROSS JOIN LATERAL (
      SELECT o.day, o.price, o.source_id, lead(o.day) OVER w AS prev_day, lead(o.price) OVER w AS prev_price
      FROM price_observations o
      WHERE o.product_num = k.p AND o.market_num = k.m AND o.price_type = k.ty AND o.flag = ${ACTUAL}
      WINDOW w AS (ORDER BY o.day DESC)
      ORDER BY o.day DESC LIMIT 1
    ) l
    ON CONFLICT (product_num, market_num, price_type) DO UPDATE SET
      day = excluded.day, price = excluded.price, prev_day = excluded.prev_day, prev_price = excluded.prev_price, source_id = excluded.source_id`);
}

const REGION_PRICE_COLUMNS = [
  'product_num',
  'region_num',
  'price_type',
  'day',
  'price',
  'min_price',
  'max_price',
  'markets',
];

/** Region prices over the spans `t` computed by the database, `alongside` running here meanwhile. */
async function deriveMeans(tx: Tx, t: SQL, alongside: () => void) {
  // Province and nation rows in one pass (grouping sets): provinces group by the denormalised
  // province number, the nation by nothing, so no join per row. Rounded to 4 decimals in float
  // arithmetic: the same values as numeric rounding (checked on 291,816 means), without its cost.
  // Drizzle runs a statement each time its result is awaited: one `then`, kept as a plain promise.
  const means = new Promise(
    (resolve, reject) =>
      void tx
        .execute(sql`INSERT INTO region_prices (product_num, region_num, price_type, day, price, min_price, max_price, markets)
    SELECT o.product_num, CASE WHEN GROUPING(o.province_num) = 1 THEN ${NATION_NUM}::int ELSE o.province_num END, o.price_type, o.day,
      round(exp(avg(ln(o.price))) * 10000) / 10000, min(o.price), max(o.price), count(*)
    FROM ${t}
    JOIN price_observations o ON o.product_num = t.p AND o.price_type = t.ty AND o.day BETWEEN t.lo AND t.hi AND o.flag = ${ACTUAL}
    WHERE o.price > 0
    GROUP BY GROUPING SETS ((o.product_num, o.province_num, o.price_type, o.day), (o.product_num, o.price_type, o.day))`)
        .then(resolve, reject),
  );
  means.catch(() => {}); // handled by the await below
  await new Promise<void>((resolve) => setImmediate(resolve));
  try {
    alongside();
  } finally {
    await means;
  }
}

/** Whether any of these products had actual prices of that price type before this import's (latest_prices is only updated by the refresh). */
export async function hadActualPrices(tx: Tx, changed: readonly ChangedSeries[]): Promise<boolean> {
  const pairs = [...new Set(changed.map((c) => `${c.productNum}:${c.priceType}`))].map(
    (k) => k.split(':').map(Number) as [number, number],
  );
  if (!pairs.length) return false;
  const [row] = await query<{ x: number }>(
    tx,
    sql`SELECT 1 AS x FROM latest_prices l JOIN unnest(${arr(pairs.map((x) => x[0]))}::int2[], ${arr(pairs.map((x) => x[1]))}::int2[]) AS k(p, t)
        ON l.product_num = k.p AND l.price_type = k.t LIMIT 1`,
  );
  return row !== undefined;
}

import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client';
import { fxRates, latestPrices, priceObservations, productSources, regionPrices, regions } from '../../../db/schema';
import { arr } from '../../../db/sql-array';
import { ACTUAL } from '../../../market/codes';
import { timer } from './index-compute';

/** A market series (product × market × price type × currency) whose actual prices changed, and over which days. */
export type ChangedSeries = {
  productNum: number;
  marketNum: number;
  priceType: number;
  currency: string;
  from: string;
  to: string;
};

/** The import's staging table, as far as the derived tables read it. */
type Stage = PgTable & {
  productNum: PgColumn;
  marketNum: PgColumn;
  sourceId: PgColumn;
  day: PgColumn;
  currency: PgColumn;
  usdPrice: PgColumn;
  price: PgColumn;
};

const o = priceObservations;
const names = (...cols: PgColumn[]) =>
  sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );

/**
 * Brings every derived table up to date with what an import changed, in one place:
 * - region prices: for the nation and the province above a market (the first two entries of its
 *   `path`), the geometric mean of their markets' actual prices per product, price type,
 *   currency and day, with the lowest, the highest and how many markets, over the changed days.
 *   Cities (admin2) only group markets in the tree: most hold one market, and their prices would
 *   repeat it (measured: twice the derived rows for the bench's file);
 * - the latest price (and the one before it) of each changed market series;
 * - each product's sources, their date spans and when an import last read them;
 * - the USD rate each price source implies for each month of the file's rows that give a USD
 *   price (Σ local ÷ Σ USD), kept per source beside the published rates (docs/market-data.md).
 * Indexes are computed from the same prices by index-refresh.ts.
 */
export async function refreshDerived(tx: Tx, changed: readonly ChangedSeries[], stage: Stage) {
  const lap = timer('derived');
  await tx.execute(sql`INSERT INTO ${productSources} (${names(productSources.productNum, productSources.countryCode, productSources.sourceId, productSources.firstDay, productSources.lastDay, productSources.importedAt)})
    SELECT ${stage.productNum}, ${regions.countryCode}, ${stage.sourceId}, min(${stage.day}), max(${stage.day}), now()
    FROM ${stage} JOIN ${regions} ON ${regions.num} = ${stage.marketNum} GROUP BY 1, 2, 3
    ON CONFLICT (${names(productSources.productNum, productSources.countryCode, productSources.sourceId)}) DO UPDATE SET
      ${sql.identifier(productSources.firstDay.name)} = least(${productSources.firstDay}, excluded.${sql.identifier(productSources.firstDay.name)}),
      ${sql.identifier(productSources.lastDay.name)} = greatest(${productSources.lastDay}, excluded.${sql.identifier(productSources.lastDay.name)}),
      ${sql.identifier(productSources.importedAt.name)} = excluded.${sql.identifier(productSources.importedAt.name)}`);
  await tx.execute(sql`INSERT INTO ${fxRates} (${names(fxRates.currency, fxRates.month, fxRates.sourceId, fxRates.rate, fxRates.rows)})
    SELECT ${stage.currency}, date_trunc('month', ${stage.day})::date, ${stage.sourceId}, sum(${stage.price}) / sum(${stage.usdPrice}), count(*)
    FROM ${stage} WHERE ${stage.usdPrice} > 0 GROUP BY 1, 2, 3
    ON CONFLICT (${names(fxRates.currency, fxRates.sourceId, fxRates.month)}) DO UPDATE SET
      ${sql.identifier(fxRates.rate.name)} = excluded.${sql.identifier(fxRates.rate.name)}, ${sql.identifier(fxRates.rows.name)} = excluded.${sql.identifier(fxRates.rows.name)}`);
  lap('sources and USD rates');
  await refreshSeriesDerived(tx, changed, lap);
}

/**
 * The region prices over the changed spans and the latest prices of the changed market series:
 * what an import refreshes after its sources, and what a product merge refreshes for the survivor
 * (lib/server/services/console/merge-products.ts).
 */
export async function refreshSeriesDerived(
  tx: Tx,
  changed: readonly ChangedSeries[],
  lap: (what: string) => void = () => {},
) {
  if (!changed.length) return;

  // One entry per market series, and per product, price type and currency the union of the changed spans.
  const series = unionBy(changed, (c) => `${c.productNum}:${c.marketNum}:${c.priceType}:${c.currency}`);
  const spans = unionBy(changed, (c) => `${c.productNum}:${c.priceType}:${c.currency}`);
  const t = sql`unnest(${arr(spans.map((x) => x.productNum))}::int2[], ${arr(spans.map((x) => x.priceType))}::int2[],
    ${arr(spans.map((x) => x.currency))}::text[], ${arr(spans.map((x) => x.from))}::date[], ${arr(spans.map((x) => x.to))}::date[]) AS t(p, ty, cur, lo, hi)`;
  await tx.execute(sql`DELETE FROM ${regionPrices} USING ${t}
    WHERE ${regionPrices.productNum} = t.p AND ${regionPrices.priceType} = t.ty AND ${regionPrices.currency} = t.cur AND ${regionPrices.day} BETWEEN t.lo AND t.hi`);
  lap('old region prices deleted');
  await tx.execute(regionMeans(t));
  lap('region prices');

  const k = sql`unnest(${arr(series.map((c) => c.productNum))}::int2[], ${arr(series.map((c) => c.marketNum))}::int4[],
    ${arr(series.map((c) => c.priceType))}::int2[], ${arr(series.map((c) => c.currency))}::text[]) AS k(p, m, ty, cur)`;
  const l = latestPrices;
  await tx.execute(sql`INSERT INTO ${l} (${names(l.productNum, l.marketNum, l.priceType, l.currency, l.day, l.price, l.prevDay, l.prevPrice, l.sourceId)})
    SELECT k.p, k.m, k.ty, k.cur, x.day, x.price, x.prev_day, x.prev_price, x.source_id FROM ${k}
    CROSS JOIN LATERAL (
      SELECT ${o.day} AS day, ${o.price} AS price, ${o.sourceId} AS source_id, lead(${o.day}) OVER w AS prev_day, lead(${o.price}) OVER w AS prev_price
      FROM ${o} WHERE ${o.productNum} = k.p AND ${o.marketNum} = k.m AND ${o.priceType} = k.ty AND ${o.currency} = k.cur AND ${o.flag} = ${ACTUAL}
      WINDOW w AS (ORDER BY ${o.day} DESC) ORDER BY ${o.day} DESC LIMIT 1
    ) x
    ON CONFLICT (${names(l.productNum, l.marketNum, l.priceType, l.currency)}) DO UPDATE SET
      ${sql.join(
        [l.day, l.price, l.prevDay, l.prevPrice, l.sourceId].map(
          (c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`,
        ),
        sql`, `,
      )}`);
  lap('latest prices');
}

/**
 * Region prices over the spans `t`: every actual price counts once for its nation and once for
 * its province. Rounded to 4 decimals, so the same prices give the same stored means however
 * the database orders the sum.
 */
function regionMeans(t: SQL) {
  const r = regionPrices;
  return sql`INSERT INTO ${r} (${names(r.productNum, r.regionNum, r.priceType, r.currency, r.day, r.price, r.minPrice, r.maxPrice, r.markets)})
    SELECT ${o.productNum}, a.region, ${o.priceType}, ${o.currency}, ${o.day},
      round(exp(avg(ln(${o.price}))) * 10000) / 10000, min(${o.price}), max(${o.price}), count(*)
    FROM ${t}
    JOIN ${o} ON ${o.productNum} = t.p AND ${o.priceType} = t.ty AND ${o.currency} = t.cur AND ${o.day} BETWEEN t.lo AND t.hi AND ${o.flag} = ${ACTUAL}
    JOIN ${regions} ON ${regions.num} = ${o.marketNum}
    CROSS JOIN LATERAL unnest(${regions.path}[1:2]) AS a(region)
    WHERE ${o.price} > 0
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 5, 4`; // in key order: the index is filled left to right
}

function unionBy(changed: readonly ChangedSeries[], key: (c: ChangedSeries) => string): ChangedSeries[] {
  const out = new Map<string, ChangedSeries>();
  for (const c of changed) {
    const k = key(c);
    const s = out.get(k);
    if (!s) out.set(k, { ...c });
    else {
      if (c.from < s.from) s.from = c.from;
      if (c.to > s.to) s.to = c.to;
    }
  }
  return [...out.values()];
}

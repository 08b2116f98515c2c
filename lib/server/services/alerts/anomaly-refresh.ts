import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { queryArrays } from '../../db/raw-client';
import { anomalyLevels, priceObservations, regionPrices, regions } from '../../db/schema';
import { arr } from '../../db/sql-array';
import { alps, type MonthPrice } from '../../market/anomaly';
import { ACTUAL } from '../../market/codes';
import type { ChangedSeries } from '../market/import/derive';

/** A series key: product, region (a market, a province or the nation), price type and currency. */
export type SeriesKey = { productNum: number; regionNum: number; priceType: number; currency: string };

type MonthRow = [
  productNum: number,
  regionNum: number,
  priceType: number,
  currency: string,
  month: string,
  price: number,
  lastDay: string,
];

/**
 * Recomputes the anomaly level (docs/market-data.md, "Anomaly levels") of every series an import
 * changed: each changed market series, and the province and nation series its prices feed
 * (derive.ts brings those up to date first). Runs in the import's transaction, after the
 * derived prices. Monthly prices are the geometric mean of the month's actual prices, as the
 * trend's monthly granularity draws them; forecasts and aggregates never enter.
 * Returns the series it assessed.
 */
export async function refreshAnomalies(tx: Tx, changed: readonly ChangedSeries[]): Promise<SeriesKey[]> {
  if (!changed.length) return [];
  const seen = new Set<string>();
  const markets = changed.filter((c) => {
    const k = `${c.productNum}:${c.marketNum}:${c.priceType}:${c.currency}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
  const k = sql`unnest(${arr(markets.map((c) => c.productNum))}::int2[], ${arr(markets.map((c) => c.marketNum))}::int4[],
    ${arr(markets.map((c) => c.priceType))}::int2[], ${arr(markets.map((c) => c.currency))}::text[]) AS k(p, m, ty, cur)`;
  const rows = await queryArrays<MonthRow>(tx, monthlySql(k));
  const out: SeriesKey[] = [];
  const values: { key: SeriesKey; fit: NonNullable<ReturnType<typeof alps>>; lastDay: string }[] = [];
  let i = 0;
  while (i < rows.length) {
    const first = rows[i]!;
    const months: MonthPrice[] = [];
    let lastDay = first[6];
    let j = i;
    for (; j < rows.length; j++) {
      const r = rows[j]!;
      if (r[0] !== first[0] || r[1] !== first[1] || r[2] !== first[2] || r[3] !== first[3]) break;
      months.push({ month: r[4], price: Number(r[5]) });
      if (r[6] > lastDay) lastDay = r[6];
    }
    const key = {
      productNum: Number(first[0]),
      regionNum: Number(first[1]),
      priceType: Number(first[2]),
      currency: first[3],
    };
    const fit = alps(months);
    if (fit) values.push({ key, fit, lastDay });
    out.push(key);
    i = j;
  }
  if (values.length) await upsert(tx, values);
  return out;
}

/**
 * Every month of the series fed by the changed market series `k`: the markets' own prices and
 * those of the province and nation above each (regions.path holds the nation, then the province).
 * Sorted by series and month, so each series is one run of rows.
 */
function monthlySql(k: SQL): SQL {
  const o = priceObservations;
  const rp = regionPrices;
  // Grouped by the month as a date (cheap to sort), written as text only once per month.
  const month = (day: SQL | PgColumn) => sql`date_trunc('month', ${day})`;
  const text = (day: SQL | PgColumn) => sql`to_char(${month(day)}, 'YYYY-MM-DD')`;
  return sql`WITH k AS (SELECT DISTINCT * FROM ${k}),
    r AS (
      SELECT DISTINCT k.p, a.region AS m, k.ty, k.cur FROM k
      JOIN ${regions} ON ${regions.num} = k.m CROSS JOIN LATERAL unnest(${regions.path}[1:2]) AS a(region)
    )
    SELECT k.p, k.m, k.ty, k.cur, ${text(o.day)} AS month, exp(avg(ln(${o.price}))) AS price, max(${o.day})::text AS last
    FROM k JOIN ${o} ON ${o.productNum} = k.p AND ${o.marketNum} = k.m AND ${o.priceType} = k.ty AND ${o.currency} = k.cur
      AND ${o.flag} = ${ACTUAL} AND ${o.price} > 0
    GROUP BY 1, 2, 3, 4, ${month(o.day)}
    UNION ALL
    SELECT r.p, r.m, r.ty, r.cur, ${text(rp.day)} AS month, exp(avg(ln(${rp.price}))) AS price, max(${rp.day})::text AS last
    FROM r JOIN ${rp} ON ${rp.productNum} = r.p AND ${rp.regionNum} = r.m AND ${rp.priceType} = r.ty AND ${rp.currency} = r.cur
    GROUP BY 1, 2, 3, 4, ${month(rp.day)}
    ORDER BY 1, 2, 3, 4, 5`;
}

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

async function upsert(
  tx: Tx,
  values: { key: SeriesKey; fit: NonNullable<ReturnType<typeof alps>>; lastDay: string }[],
) {
  const a = anomalyLevels;
  const col = <T>(f: (v: (typeof values)[number]) => T) => arr(values.map(f));
  const lvl = (v: (typeof values)[number]) => (v.fit.kind === 'level' ? v.fit : null);
  const cols = [
    a.productNum,
    a.regionNum,
    a.priceType,
    a.currency,
    a.level,
    a.why,
    a.score,
    a.latest,
    a.fitted,
    a.sd,
    a.months,
    a.span,
    a.lastMonth,
    a.lastDay,
  ];
  const names = sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const set = sql.join(
    [...cols.slice(4), a.computedAt].map((c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO ${a} (${names})
    SELECT * FROM unnest(
      ${col((v) => v.key.productNum)}::int2[], ${col((v) => v.key.regionNum)}::int4[], ${col((v) => v.key.priceType)}::int2[],
      ${col((v) => v.key.currency)}::text[], ${col((v) => lvl(v)?.level ?? null)}::text[],
      ${col((v) => (v.fit.kind === 'level' ? null : v.fit.kind))}::text[],
      ${col((v) => {
        const l = lvl(v);
        return l ? r6(l.score) : null;
      })}::float8[],
      ${col((v) => {
        const l = lvl(v);
        return l ? r6(l.latest) : null;
      })}::float8[],
      ${col((v) => {
        const l = lvl(v);
        return l ? r6(l.fitted) : null;
      })}::float8[],
      ${col((v) => {
        const l = lvl(v);
        return l ? r6(l.sd) : null;
      })}::float8[],
      ${col((v) => v.fit.months)}::int4[], ${col((v) => v.fit.span)}::int4[],
      ${col((v) => `${v.fit.lastMonth}-01`)}::date[], ${col((v) => v.lastDay)}::date[])
    ON CONFLICT (${sql.join(
      cols.slice(0, 4).map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) DO UPDATE SET ${set}`);
}

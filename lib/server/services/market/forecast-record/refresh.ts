import 'server-only';
import { createHash } from 'node:crypto';
import { desc, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { query } from '../../../db/client';
import {
  dataSources,
  forecastBacktests,
  forecastRecords,
  latestPrices,
  priceObservations,
  products,
  productSources,
  regionPrices,
  regions,
} from '../../../db/schema';
import { arr } from '../../../db/sql-array';
import { jsonColumn } from '../../../db/json-column';
import { ACTUAL } from '../../../market/codes';
import { backtest, MIN_OBSERVED, modelStretch, toRegularSeries, type Backtest } from '../../../market/forecast';
import { buildRecord, type SeriesBacktest } from '../../../market/forecast-record';

/**
 * The forecast record (docs/market-data.md#forecast-record), kept up to date by the import
 * pipeline: the series an import changed are back-tested again (a market's own and the province's
 * and nation's above it, real data only), then the record is rebuilt from every stored back-test
 * and published as a new row, all in the import's transaction.
 */

/** A market series whose actual prices an import changed (import/derive.ts's ChangedSeries). */
export type Touched = { productNum: number; marketNum: number; priceType: number; currency: string };

type SeriesKey = { productNum: number; regionNum: number; priceType: number; currency: string };
type Monthly = SeriesKey & { country: string; product: string; months: { date: string; price: number }[] };

const keyOf = (s: SeriesKey) => `${s.productNum}|${s.regionNum}|${s.priceType}|${s.currency}`;

/** How many record rows are kept (the newest is the one published). */
const KEEP_RECORDS = 50;

/**
 * The real series an import touched: each changed market and the province and nation above it,
 * of products with no demo source in the country (a demo import costs one query).
 */
async function touchedSeries(db: Db | Tx, touched: readonly Touched[]): Promise<SeriesKey[]> {
  if (!touched.length) return [];
  const num = sql.identifier(regions.num.name);
  const rows = await query<{ p: number; r: number; t: number; c: string }>(
    db,
    sql`SELECT DISTINCT x.p, a.${num} AS r, x.t, x.c
      FROM unnest(${arr(touched.map((t) => t.productNum))}::int[], ${arr(touched.map((t) => t.marketNum))}::int[],
                  ${arr(touched.map((t) => t.priceType))}::int[], ${arr(touched.map((t) => t.currency))}::text[]) AS x(p, m, t, c)
      JOIN ${regions} ON ${regions.num} = x.m
      CROSS JOIN LATERAL unnest(${regions.path} || ${regions.num}) AS up(n)
      JOIN ${regions} a ON a.${num} = up.n AND (up.n = x.m OR a.${sql.identifier(regions.level.name)} IN ('nation', 'province'))
      WHERE NOT EXISTS (SELECT 1 FROM ${productSources} JOIN ${dataSources} ON ${dataSources.id} = ${productSources.sourceId}
        WHERE ${productSources.productNum} = x.p AND ${productSources.countryCode} = ${regions.countryCode} AND ${dataSources.isDemo})`,
  );
  return rows.map((r) => ({
    productNum: Number(r.p),
    regionNum: Number(r.r),
    priceType: Number(r.t),
    currency: r.c,
  }));
}

/**
 * Monthly average prices of these series, real ones only (no demo source for the product in the
 * country): markets from their observations, provinces and nations from the derived prices.
 */
async function monthlySeries(db: Db | Tx, only: readonly SeriesKey[]): Promise<Monthly[]> {
  const o = priceObservations;
  const rp = regionPrices;
  if (!only.length) return [];
  // The series as a table joined on the price tables' keys: index lookups, not a scan.
  const wanted = sql`unnest(${arr(only.map((s) => s.productNum))}::smallint[], ${arr(only.map((s) => s.regionNum))}::int[],
    ${arr(only.map((s) => s.priceType))}::smallint[], ${arr(only.map((s) => s.currency))}::text[]) AS k(p, r, t, c)`;
  const rows = await query<{ p: number; r: number; t: number; c: string; m: string; price: number | string }>(
    db,
    sql`SELECT k.p, k.r, k.t, k.c, to_char(date_trunc('month', ${o.day}), 'YYYY-MM-15') AS m, avg(${o.price}) AS price
        FROM ${wanted} JOIN ${o} ON ${o.productNum} = k.p AND ${o.marketNum} = k.r AND ${o.priceType} = k.t
          AND ${o.currency} = k.c AND ${o.flag} = ${ACTUAL}
        GROUP BY 1, 2, 3, 4, 5
        UNION ALL
        SELECT k.p, k.r, k.t, k.c, to_char(date_trunc('month', ${rp.day}), 'YYYY-MM-15'), avg(${rp.price})
        FROM ${wanted} JOIN ${rp} ON ${rp.productNum} = k.p AND ${rp.regionNum} = k.r AND ${rp.priceType} = k.t
          AND ${rp.currency} = k.c
        GROUP BY 1, 2, 3, 4, 5
        ORDER BY 1, 2, 3, 4, 5`,
  );
  // The country of each region, each product's code, and the products with a demo source in a country.
  // One after another: in the import's transaction they share one connection (pg refuses overlaps).
  const regionRows = await query<{ num: number; country: string }>(
    db,
    sql`SELECT ${regions.num} AS num, ${regions.countryCode} AS country FROM ${regions}
        WHERE ${regions.num} = ANY(${arr([...new Set(rows.map((r) => Number(r.r)))])}::int[])`,
  );
  const productRows = await query<{ num: number; code: string }>(
    db,
    sql`SELECT ${products.num} AS num, ${products.code} AS code FROM ${products}`,
  );
  const demoRows = await query<{ p: number; c: string }>(
    db,
    sql`SELECT DISTINCT ${productSources.productNum} AS p, ${productSources.countryCode} AS c FROM ${productSources}
        JOIN ${dataSources} ON ${dataSources.id} = ${productSources.sourceId} WHERE ${dataSources.isDemo}`,
  );
  const countryOf = new Map(regionRows.map((r) => [Number(r.num), r.country]));
  const productCode = new Map(productRows.map((p) => [Number(p.num), p.code]));
  const demo = new Set(demoRows.map((d) => `${d.p}|${d.c}`));
  const out = new Map<string, Monthly>();
  for (const r of rows) {
    const key: SeriesKey = { productNum: Number(r.p), regionNum: Number(r.r), priceType: Number(r.t), currency: r.c };
    const country = countryOf.get(key.regionNum);
    const product = productCode.get(key.productNum);
    if (!country || !product || demo.has(`${key.productNum}|${country}`)) continue;
    const k = keyOf(key);
    const s = out.get(k) ?? { ...key, country, product, months: [] };
    s.months.push({ date: r.m, price: Number(r.price) });
    out.set(k, s);
  }
  return [...out.values()];
}

/** A series' monthly prices, rounded, hashed: equal series (a province of one market) share it. */
function fingerprint(months: readonly { date: string; price: number }[]): string {
  const h = createHash('sha1');
  for (const m of months) h.update(`${m.date.slice(0, 7)}:${m.price.toPrecision(8)};`);
  return h.digest('hex');
}

/** Back-tests the series and stores what the record needs; a series without enough months loses its row. */
async function backtestSeries(db: Db | Tx, series: readonly Monthly[], keys: readonly SeriesKey[]) {
  const b = forecastBacktests;
  const deleted = keys.length
    ? (
        await query<{ one: number }>(
          db,
          sql`DELETE FROM ${b} WHERE (${b.productNum}::int, ${b.regionNum}, ${b.priceType}::int, ${b.currency}) IN (SELECT * FROM unnest(
            ${arr(keys.map((k) => k.productNum))}::int[], ${arr(keys.map((k) => k.regionNum))}::int[],
            ${arr(keys.map((k) => k.priceType))}::int[], ${arr(keys.map((k) => k.currency))}::text[])) RETURNING 1 AS one`,
        )
      ).length
    : 0;
  const rows: (typeof b.$inferInsert)[] = [];
  // A province of one market holds that market's prices: back-tested once.
  const done = new Map<string, { observed: number; lastMonth: string; bt: Backtest | null }>();
  for (const s of series) {
    const print = `${s.product}|${fingerprint(s.months)}`;
    let d = done.get(print);
    if (!d) {
      const stretch = modelStretch(toRegularSeries(s.months));
      d = {
        observed: stretch.observed,
        lastMonth: stretch.periods.at(-1) ?? '',
        bt: stretch.observed < MIN_OBSERVED ? null : backtest(stretch),
      };
      done.set(print, d);
    }
    const bt = d.bt;
    if (!bt) continue;
    rows.push({
      productNum: s.productNum,
      regionNum: s.regionNum,
      priceType: s.priceType,
      currency: s.currency,
      countryCode: s.country,
      fingerprint: print,
      observed: d.observed,
      origins: bt.origins,
      lastMonth: d.lastMonth,
      etsMae: bt.etsMae,
      snaiveMae: bt.snaiveMae,
      scale: bt.scale,
      scores: {
        k: bt.points.map((p) => p.k),
        ets: bt.points.map((p) => round(p.etsScore)),
        snaive: bt.points.map((p) => round(p.snaiveScore)),
      },
    });
  }
  for (let i = 0; i < rows.length; i += 200) await db.insert(b).values(rows.slice(i, i + 200));
  return { written: rows.length, deleted };
}

const round = (x: number) => Math.round(x * 1e5) / 1e5;

/** Every stored back-test, one per fingerprint, as the record builder takes them. */
async function storedBacktests(db: Db | Tx): Promise<{ series: SeriesBacktest[]; lastMonth: string | null }> {
  const b = forecastBacktests;
  const rows = await db
    .select({
      productNum: b.productNum,
      regionNum: b.regionNum,
      priceType: b.priceType,
      currency: b.currency,
      country: b.countryCode,
      product: products.code,
      fingerprint: b.fingerprint,
      origins: b.origins,
      lastMonth: b.lastMonth,
      etsMae: b.etsMae,
      snaiveMae: b.snaiveMae,
      scale: b.scale,
      scores: b.scores,
    })
    .from(b)
    .innerJoin(products, sql`${products.num} = ${b.productNum}`)
    .orderBy(b.regionNum, b.productNum, b.priceType, b.currency);
  const seen = new Set<string>();
  const series: SeriesBacktest[] = [];
  let lastMonth: string | null = null;
  for (const r of rows) {
    if (seen.has(r.fingerprint)) continue;
    seen.add(r.fingerprint);
    const scores = jsonColumn(r.scores);
    const bt: Backtest = {
      origins: r.origins,
      points: scores.k.map((k, i) => ({
        k,
        period: '',
        actual: NaN,
        ets: NaN,
        snaive: NaN,
        etsScore: scores.ets[i] ?? NaN,
        snaiveScore: scores.snaive[i] ?? NaN,
      })),
      etsMae: r.etsMae,
      snaiveMae: r.snaiveMae,
      scale: r.scale,
      etsMase: r.scale > 0 ? r.etsMae / r.scale : null,
      snaiveMase: r.scale > 0 ? r.snaiveMae / r.scale : null,
    };
    series.push({ key: keyOf(r), country: r.country, product: r.product, backtest: bt });
    if (lastMonth === null || r.lastMonth > lastMonth) lastMonth = r.lastMonth;
  }
  return { series, lastMonth };
}

/**
 * Back-tests the series an import changed (all real series when `touched` is null) and publishes
 * the record anew. Returns what it did, for the import's summary and the tests.
 */
export async function refreshForecastRecord(db: Db | Tx, touched: readonly Touched[] | null = null) {
  const all = touched === null;
  // Every market series has a latest price: all of them, when asked for everything.
  const markets =
    touched ??
    (await db
      .selectDistinct({
        productNum: latestPrices.productNum,
        marketNum: latestPrices.marketNum,
        priceType: latestPrices.priceType,
        currency: latestPrices.currency,
      })
      .from(latestPrices));
  const keys = await touchedSeries(db, markets);
  if (all) await db.delete(forecastBacktests);
  if (!keys.length && !all) return null;
  const monthly = await monthlySeries(db, keys);
  const { written, deleted } = await backtestSeries(db, monthly, keys);
  // Only series with a back-test change the record: an import of demo or short series leaves it alone.
  if (!all && !written && !deleted) return null;
  const { series, lastMonth } = await storedBacktests(db);
  const record = buildRecord(series);
  const [row] = await db
    .insert(forecastRecords)
    .values({ dataThrough: lastMonth ? `${lastMonth}-01` : null, record })
    .returning({ id: forecastRecords.id });
  await db.delete(forecastRecords).where(lt(forecastRecords.id, (row?.id ?? 0) - KEEP_RECORDS + 1));
  return { backtested: written, series: series.length, overall: record.overall };
}

/** The newest published record. */
export async function latestRecordRow(db: Db | Tx) {
  const [r] = await db.select().from(forecastRecords).orderBy(desc(forecastRecords.id)).limit(1);
  return r ? { ...r, record: jsonColumn(r.record) } : null;
}

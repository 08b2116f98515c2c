import 'server-only';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConsoleProduct, MergeProductsBody, MergeResult } from '@/lib/api/console/schemas/data-products';
import { msg } from '@/lib/i18n/server-messages';
import type { Db, Tx } from '../../db/client';
import { query } from '../../db/client';
import {
  alertRules,
  anomalyLevels,
  forecastBacktests,
  latestPrices,
  notifications,
  priceObservations,
  productNames,
  products,
  productSources,
  regionPrices,
  regions,
  watchlistItems,
} from '../../db/schema';
import { fail } from '../../errors';
import { refreshAnomalies } from '../alerts/anomaly-refresh';
import { bumpDataVersion } from '../market/cache';
import { refreshForecastRecord } from '../market/forecast-record/refresh';
import { refreshSeriesDerived, type ChangedSeries } from '../market/import/derive';
import { refreshIndexes } from '../market/import/index-refresh';

const columns = {
  num: products.num,
  code: products.code,
  nameZh: products.nameZh,
  nameEn: products.nameEn,
  categoryCode: products.categoryCode,
  unit: products.unit,
  sourceName: products.sourceName,
  mapped: products.mapped,
};
type Row = { num: number } & ConsoleProduct;
const shown = ({ num: _num, ...p }: Row): ConsoleProduct => p;

/** ConsoleProducts: the catalogue, mapped products first, by English name. */
export async function listProducts(db: Db): Promise<ConsoleProduct[]> {
  const rows = await db.select(columns).from(products).orderBy(sql`${products.mapped} DESC`, asc(products.nameEn));
  return rows.map(shown);
}

/**
 * ConsoleMergeProducts (docs/console.md "Merge"): one product (a commodity an import created, a
 * duplicate) becomes another. Its prices move to the survivor (where both have a price for the
 * same market, day and kind, the survivor's stays); its mappings move, so later imports of its
 * source name land on the survivor; what members hold of it (watchlist entries, alert rules,
 * notifications) moves too; the derived rows (region and latest prices, sources, anomaly
 * levels, indexes, the forecast record) are rebuilt for the survivor; the product is deleted and
 * the data version moves, so market pages show the survivor within a second. All of it in the
 * caller's transaction, with its audit record. Only products of one unit merge: prices are
 * stored per unit.
 */
export async function mergeProducts(tx: Db, body: MergeProductsBody): Promise<MergeResult & { before: unknown }> {
  if (body.code === body.intoCode) throw fail.invalid('intoCode', msg('products.mergeSelf'));
  const locked = await tx
    .select(columns)
    .from(products)
    .where(sql`${products.code} IN (${body.code}, ${body.intoCode})`)
    .orderBy(asc(products.code))
    .for('update');
  const from = locked.find((p) => p.code === body.code);
  const into = locked.find((p) => p.code === body.intoCode);
  if (!from) throw fail.notFound();
  if (!into) throw fail.invalid('intoCode', msg('errors.notFound'));
  if (from.unit !== into.unit)
    throw fail.invalid('intoCode', msg('products.mergeUnit', { unit: into.unit, other: from.unit }));
  const t = tx as unknown as Tx;
  const o = priceObservations;

  // The merged product's market series and their spans: what the survivor's derived rows are rebuilt over.
  const series = await query<{ m: number; ty: number; cur: string; lo: string; hi: string; c: string }>(
    tx,
    sql`SELECT ${o.marketNum} AS m, ${o.priceType} AS ty, ${o.currency} AS cur, min(${o.day})::text AS lo,
          max(${o.day})::text AS hi, ${regions.countryCode} AS c
        FROM ${o} JOIN ${regions} ON ${regions.num} = ${o.marketNum}
        WHERE ${o.productNum} = ${from.num} GROUP BY 1, 2, 3, 6`,
  );
  const changed: ChangedSeries[] = series.map((s) => ({
    productNum: into.num,
    marketNum: Number(s.m),
    priceType: Number(s.ty),
    currency: s.cur,
    from: s.lo,
    to: s.hi,
  }));

  // Every column of a price but its product, copied as it is.
  const rest = Object.values(getTableColumns(o)).filter((c) => c !== o.productNum);
  const ids = (cs: readonly { name: string }[]) =>
    sql.join(
      cs.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
  const [{ n: prices } = { n: '0' }] = await query<{ n: string }>(
    tx,
    sql`WITH moved AS (
          INSERT INTO ${o} (${ids([o.productNum, ...rest])})
          SELECT ${into.num}, ${ids(rest)} FROM ${o} WHERE ${o.productNum} = ${from.num}
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT count(*) AS n FROM moved`,
  );
  const [{ n: total } = { n: '0' }] = await query<{ n: string }>(
    tx,
    sql`WITH gone AS (DELETE FROM ${o} WHERE ${o.productNum} = ${from.num} RETURNING 1) SELECT count(*) AS n FROM gone`,
  );

  // Sources: the survivor's spans widened by the merged product's.
  const ps = productSources;
  const spanCols = [ps.countryCode, ps.sourceId, ps.firstDay, ps.lastDay, ps.importedAt];
  const ex = (c: { name: string }) => sql`excluded.${sql.identifier(c.name)}`;
  await tx.execute(sql`INSERT INTO ${ps} (${ids([ps.productNum, ...spanCols])})
    SELECT ${into.num}, ${ids(spanCols)} FROM ${ps} WHERE ${ps.productNum} = ${from.num}
    ON CONFLICT (${ids([ps.productNum, ps.countryCode, ps.sourceId])}) DO UPDATE SET
      ${sql.identifier(ps.firstDay.name)} = least(${ps.firstDay}, ${ex(ps.firstDay)}),
      ${sql.identifier(ps.lastDay.name)} = greatest(${ps.lastDay}, ${ex(ps.lastDay)}),
      ${sql.identifier(ps.importedAt.name)} = greatest(${ps.importedAt}, ${ex(ps.importedAt)})`);
  for (const table of [productSources, regionPrices, latestPrices, anomalyLevels, forecastBacktests])
    await tx.delete(table).where(eq(table.productNum, from.num));

  const mappings = await tx
    .update(productNames)
    .set({ productCode: into.code })
    .where(eq(productNames.productCode, from.code))
    .returning({ name: productNames.name });
  // A member watching both keeps one entry (the survivor's).
  const w = watchlistItems;
  const same = alias(watchlistItems, 'same');
  const doubled = await tx
    .select({ id: w.id, keep: same.id })
    .from(w)
    .innerJoin(
      same,
      and(
        eq(same.userId, w.userId),
        eq(same.productNum, into.num),
        eq(same.regionNum, w.regionNum),
        eq(same.priceType, w.priceType),
        eq(same.currency, w.currency),
      ),
    )
    .where(eq(w.productNum, from.num));
  // Their rules follow the entry kept (a rule is deleted with its entry).
  for (const d of doubled) await tx.update(alertRules).set({ watchId: d.keep }).where(eq(alertRules.watchId, d.id));
  if (doubled.length)
    await tx.delete(w).where(
      inArray(
        w.id,
        doubled.map((d) => d.id),
      ),
    );
  const watch = await tx
    .update(watchlistItems)
    .set({ productNum: into.num })
    .where(eq(watchlistItems.productNum, from.num))
    .returning({ id: watchlistItems.id });
  const rules = await tx
    .update(alertRules)
    .set({ productNum: into.num })
    .where(eq(alertRules.productNum, from.num))
    .returning({ id: alertRules.id });
  await tx.update(notifications).set({ productNum: into.num }).where(eq(notifications.productNum, from.num));

  await refreshSeriesDerived(t, changed);
  await refreshAnomalies(t, changed);
  const countries = [...new Set(series.map((s) => s.c))];
  if (countries.length) await refreshIndexes(t, { countries });
  await refreshForecastRecord(t, changed);
  await tx.delete(products).where(and(eq(products.code, from.code), eq(products.num, from.num)));
  await bumpDataVersion(t);
  return {
    before: { merged: shown(from), into: shown(into) },
    merged: shown(from),
    into: shown(into),
    moved: {
      prices: Number(prices),
      kept: Number(total) - Number(prices),
      mappings: mappings.length,
      watchlist: watch.length,
      alertRules: rules.length,
    },
  };
}

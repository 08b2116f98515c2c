import 'server-only';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { query, type Tx } from '../../../db/client';
import { copyText, copyValue } from '../../../db/copy-text';
import { queryArrays } from '../../../db/raw-client';
import {
  countries,
  indexDefinitions,
  indexValues,
  latestPrices,
  priceObservations,
  productCategories,
  products,
  regions,
} from '../../../db/schema';
import { arr } from '../../../db/sql-array';
import { ACTUAL, PRICE_TYPE_CODE } from '../../../market/codes';
import { withUnitWhereShared } from '../../../market/names';
import { bumpDataVersion } from '../cache';
import {
  basePeriodFromEnv,
  computeIndexValues,
  groupSeries,
  timer,
  type IndexInput,
  type IndexRefreshOptions,
  type ProductInfo,
} from './index-compute';

/**
 * Stored price indexes, per country: the input read from the database (index-compute.ts does
 * the arithmetic) and the values written back. A country's indexes follow its actual prices of
 * one price type in its own currency: wholesale where it has at least as many wholesale market
 * series as retail ones, else retail (Bangladesh's WFP prices are mostly retail).
 */
export async function refreshIndexes(
  tx: Tx,
  options: IndexRefreshOptions & { countries?: readonly string[] } = {},
): Promise<{ definitions: number; values: number }> {
  const base = 'base' in options ? options.base : basePeriodFromEnv();
  const list = await tx
    .select({ code: countries.code, regionId: countries.regionId, currency: countries.currency })
    .from(countries)
    .where(
      options.countries
        ? and(isNotNull(countries.regionId), inArray(countries.code, [...options.countries]))
        : isNotNull(countries.regionId),
    );
  const info = withUnitWhereShared(
    await query<ProductInfo & { unit: string }>(
      tx,
      sql`SELECT ${products.code} AS code, ${products.num} AS num, ${products.categoryCode} AS category_code, ${products.nameZh} AS name_zh,
          ${products.nameEn} AS name_en, ${products.unit} AS unit, ${productCategories.nameZh} AS cat_zh, ${productCategories.nameEn} AS cat_en, ${productCategories.sort} AS cat_sort
        FROM ${products} JOIN ${productCategories} ON ${productCategories.code} = ${products.categoryCode}`,
    ),
  );
  let definitions = 0;
  let values = 0;
  for (const c of list) {
    const input = await readIndexInput(tx, c.code, c.regionId!, c.currency, info);
    const out = computeIndexValues(input, { base });
    const lap = timer();
    const published = await tx
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.countryCode, c.code), inArray(regions.level, ['nation', 'province'])));
    await tx.delete(indexValues).where(
      inArray(
        indexValues.regionId,
        published.map((r) => r.id),
      ),
    );
    await tx.delete(indexDefinitions).where(eq(indexDefinitions.countryCode, c.code));
    if (out.defs.length)
      await tx.insert(indexDefinitions).values(
        out.defs.map((d) => ({
          countryCode: c.code,
          code: d.code,
          priceType: PRICE_TYPE_CODE[input.priceType],
          currency: c.currency,
          scope: d.scope,
          subject: d.subject,
          nameZh: d.nameZh,
          nameEn: d.nameEn,
          granularity: d.granularity,
          basePeriodStart: d.base.from,
          basePeriodEnd: d.base.to,
          equalWeights: d.equalWeights,
          weights: d.weights,
          regionIds: d.regionIds,
          sort: d.sort,
        })),
      );
    const v = indexValues;
    for (let i = 0; i < out.values.length; i += 100_000) {
      let text = '';
      for (const x of out.values.slice(i, i + 100_000))
        text += `${copyValue(x.code)}\t${copyValue(x.region)}\t${x.day}\t${x.level}\t${copyValue(x.dod)}\t${copyValue(x.mom)}\t${copyValue(x.yoy)}\t${x.coverage}\n`;
      await copyText(tx, v, [v.indexCode, v.regionId, v.day, v.level, v.dod, v.mom, v.yoy, v.coverage], text);
    }
    lap(`stored ${c.code}`);
    definitions += out.defs.length;
    values += out.values.length;
  }
  await bumpDataVersion(tx);
  return { definitions, values };
}

/** A country's markets and the prices its indexes follow, grouped by market series. */
async function readIndexInput(
  tx: Tx,
  country: string,
  nationId: string,
  currency: string,
  products: ProductInfo[],
): Promise<IndexInput> {
  const lap = timer();
  const markets = await tx
    .select({ id: regions.id, num: regions.num, province_id: regions.provinceId })
    .from(regions)
    .where(and(eq(regions.countryCode, country), eq(regions.level, 'market')));
  const nums = markets.map((m) => m.num);
  const l = latestPrices;
  const types = await query<{ t: number; n: string }>(
    tx,
    sql`SELECT ${l.priceType} AS t, count(*) AS n FROM ${l} WHERE ${l.marketNum} = ANY(${arr(nums)}::int[]) AND ${l.currency} = ${currency} GROUP BY 1`,
  );
  const count = (t: number) => Number(types.find((r) => Number(r.t) === t)?.n ?? 0);
  const priceType = count(PRICE_TYPE_CODE.wholesale) >= count(PRICE_TYPE_CODE.retail) ? 'wholesale' : 'retail';
  const cols = { p: [] as number[], m: [] as number[], d: [] as number[], x: [] as number[], v: [] as number[] };
  if (nums.length) {
    const o = priceObservations;
    // Read through a cursor in chunks: memory holds one chunk of rows, then only numbers.
    await tx.execute(sql`DECLARE index_input NO SCROLL CURSOR FOR
      SELECT ${o.productNum}, ${o.marketNum}, ${o.day} - DATE '1970-01-01', ${o.price}, ${o.volume} FROM ${o}
      WHERE ${o.marketNum} = ANY(${arr(nums)}::int[]) AND ${o.flag} = ${ACTUAL} AND ${o.priceType} = ${PRICE_TYPE_CODE[priceType]}
        AND ${o.currency} = ${currency} AND ${o.price} > 0`);
    for (;;) {
      const rows = await queryArrays<[number, number, number, number, number | null]>(
        tx,
        sql`FETCH 50000 FROM index_input`,
      );
      for (const r of rows) {
        cols.p.push(Number(r[0]));
        cols.m.push(Number(r[1]));
        cols.d.push(Number(r[2]));
        cols.x.push(Number(r[3]));
        cols.v.push(r[4] === null ? Number.NaN : Number(r[4]));
      }
      if (rows.length < 50000) break;
    }
    await tx.execute(sql`CLOSE index_input`);
  }
  const f = (a: number[]) => Float64Array.from(a);
  lap(`read ${cols.p.length} prices of ${country}`);
  return {
    nationId,
    priceType,
    products,
    markets,
    series: groupSeries(f(cols.p), f(cols.m), f(cols.d), f(cols.x), f(cols.v)),
  };
}

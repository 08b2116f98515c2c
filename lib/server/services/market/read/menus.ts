import 'server-only';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  CountryMenuDTO,
  DisplayCurrency,
  IndexMenuDTO,
  PriceMenuDTO,
  ProductsMenuDTO,
  RegionNode,
  UnmappedProductsDTO,
} from '@/lib/api/schemas/market';
import { query, type Db } from '../../../db/client';
import {
  dataSources,
  fxRates,
  indexDefinitions,
  latestPrices,
  priceObservations,
  products,
  productSources,
  regionPrices,
  regions,
} from '../../../db/schema';
import { ACTUAL, PRICE_TYPE_OF } from '../../../market/codes';
import { VersionedCache } from '../cache';
import { allSources, loadCountry, snapshot, toProductRef, type Lang, type RegionRow } from './catalogue';
import { pick } from '@/lib/shared/names';
import { convertPoints, moneyFor } from './fx';
import { countryStaple } from './staple';
import { shareAnswer, type SharedAnswer } from '../../../http/shared-answer';
import { round4 } from '@/lib/shared/format';

/**
 * Products with prices in a region (menus are public): each with the span of its data there,
 * the price types it has (the page picks one it has) and the currency. A market reads its own
 * observations; the nation, a province or a city their derived prices.
 */
export async function productsMenu(db: Db, region: RegionRow, lang: Lang): Promise<SharedAnswer<ProductsMenuDTO>> {
  return menus.get(db, `products|${region.id}|${lang}`, async () => {
    const [o, r] = [priceObservations, regionPrices];
    const spans =
      region.level === 'market'
        ? await query<{ p: number; t: number; lo: string; hi: string }>(
            db,
            sql`SELECT ${o.productNum} AS p, ${o.priceType} AS t, to_char(min(${o.day}), 'YYYY-MM-DD') AS lo, to_char(max(${o.day}), 'YYYY-MM-DD') AS hi
                FROM ${o} WHERE ${o.marketNum} = ${region.num} AND ${o.flag} = ${ACTUAL} AND ${o.currency} = ${region.currency} GROUP BY 1, 2`,
          )
        : await query<{ p: number; t: number; lo: string; hi: string }>(
            db,
            sql`SELECT ${r.productNum} AS p, ${r.priceType} AS t, to_char(min(${r.day}), 'YYYY-MM-DD') AS lo, to_char(max(${r.day}), 'YYYY-MM-DD') AS hi
                FROM ${r} WHERE ${r.regionNum} = ${region.num} AND ${r.currency} = ${region.currency} GROUP BY 1, 2`,
          );
    const s = await snapshot(db);
    const named = spans.length
      ? await db
          .selectDistinct({ p: productSources.productNum, name: dataSources.name, demo: dataSources.isDemo })
          .from(productSources)
          .innerJoin(dataSources, eq(dataSources.id, productSources.sourceId))
          .where(
            and(
              eq(productSources.countryCode, region.countryCode),
              inArray(productSources.productNum, [...new Set(spans.map((x) => Number(x.p)))]),
            ),
          )
          .orderBy(asc(dataSources.name))
      : [];
    const sourcesOf = (num: number) => named.filter((x) => x.p === num).map((x) => ({ name: x.name, demo: x.demo }));
    const staple = await countryStaple(db, region.countryCode);
    const byProduct = new Map<number, { lo: string; hi: string; types: Set<number> }>();
    for (const x of spans) {
      const e = byProduct.get(Number(x.p)) ?? { lo: x.lo, hi: x.hi, types: new Set<number>() };
      if (x.lo < e.lo) e.lo = x.lo;
      if (x.hi > e.hi) e.hi = x.hi;
      e.types.add(Number(x.t));
      byProduct.set(Number(x.p), e);
    }
    const menu: ProductsMenuDTO = [...byProduct]
      .flatMap(([num, e]) => {
        const p = s.productByNum.get(num);
        return p ? [{ num, p, e }] : [];
      })
      .sort((a, b) => a.p.catSort - b.p.catSort || (a.p.code < b.p.code ? -1 : 1))
      .map(({ num, p, e }) => ({
        ...toProductRef(p, lang, s.aliases.get(p.code)),
        from: e.lo,
        to: e.hi,
        priceTypes: [...e.types].sort().map((t) => PRICE_TYPE_OF[t] ?? 'wholesale'),
        currency: region.currency,
        sources: sourcesOf(num),
        staple: p.code === staple,
      }));
    return shareAnswer(menu);
  });
}
const menus = new VersionedCache<SharedAnswer<ProductsMenuDTO>>(200);

/**
 * The latest price of each product in a region, with the change from the price before it:
 * nation, provinces and cities from the derived region prices, a market from its own latest
 * prices; wholesale where there is one, else retail; in the region's currency or USD.
 */
export async function priceMenu(
  db: Db,
  region: RegionRow,
  lang: Lang,
  currency: DisplayCurrency = 'local',
): Promise<PriceMenuDTO> {
  type Row = { p: number; t: number; day: string; price: number; prev_day: string | null; prev_price: number | null };
  const l = latestPrices;
  const r = regionPrices;
  const rows = await query<Row>(
    db,
    region.level === 'market'
      ? sql`SELECT DISTINCT ON (${l.productNum}) ${l.productNum} AS p, ${l.priceType} AS t, to_char(${l.day}, 'YYYY-MM-DD') AS day, ${l.price} AS price,
              to_char(${l.prevDay}, 'YYYY-MM-DD') AS prev_day, ${l.prevPrice} AS prev_price
            FROM ${l} WHERE ${l.marketNum} = ${region.num} AND ${l.currency} = ${region.currency} ORDER BY ${l.productNum}, ${l.priceType}`
      : sql`SELECT k.p, k.t, to_char(x.day, 'YYYY-MM-DD') AS day, x.price, to_char(x.prev_day, 'YYYY-MM-DD') AS prev_day, x.prev_price
            FROM (SELECT ${r.productNum} AS p, min(${r.priceType}) AS t FROM ${r}
                  WHERE ${r.regionNum} = ${region.num} AND ${r.currency} = ${region.currency} GROUP BY 1) k
            CROSS JOIN LATERAL (
              SELECT ${r.day} AS day, ${r.price} AS price, lead(${r.day}) OVER w AS prev_day, lead(${r.price}) OVER w AS prev_price FROM ${r}
              WHERE ${r.productNum} = k.p AND ${r.regionNum} = ${region.num} AND ${r.priceType} = k.t AND ${r.currency} = ${region.currency}
              WINDOW w AS (ORDER BY ${r.day} DESC) ORDER BY ${r.day} DESC LIMIT 1
            ) x`,
  );
  const s = await snapshot(db);
  const money = await moneyFor(db, region.currency, currency);
  const groups = new Map<string, PriceMenuDTO['categories'][number] & { sort: number }>();
  let asOf: string | null = null;
  let missing = 0;
  const sorted = rows
    .flatMap((x) => {
      const p = s.productByNum.get(Number(x.p));
      return p ? [{ x, p }] : [];
    })
    .sort((a, b) => a.p.catSort - b.p.catSort || (a.p.code < b.p.code ? -1 : 1));
  for (const { x, p } of sorted) {
    const ref = toProductRef(p, lang, s.aliases.get(p.code));
    const [now] = convertPoints([[x.day, Number(x.price)] as [string, number]], money).points;
    const [before] =
      x.prev_day && x.prev_price !== null
        ? convertPoints([[x.prev_day, Number(x.prev_price)] as [string, number]], money).points
        : [];
    if (!now) {
      missing++;
      continue;
    }
    const price = now[1];
    const prev = before ? before[1] : null;
    const g = groups.get(ref.categoryCode) ?? {
      categoryCode: ref.categoryCode,
      categoryName: ref.categoryName,
      products: [],
      sort: p.catSort,
    };
    g.products.push({
      ...ref,
      latest: {
        date: x.day,
        price: round4(price),
        prevDate: x.prev_day,
        change: prev === null ? null : round4(price - prev),
        changePct: prev ? Math.round(((price - prev) / prev) * 10_000) / 100 : null,
      },
    });
    groups.set(ref.categoryCode, g);
    if (asOf === null || x.day > asOf) asOf = x.day;
  }
  return {
    regionId: region.id,
    regionName: region.name,
    currency: money.currency,
    fx: money.fx(missing),
    asOf,
    categories: [...groups.values()].map(({ sort: _sort, ...g }) => g),
    sources: await allSources(db),
  };
}

/** The indexes published for a region (its country's, where they are published for it). */
export async function indexMenu(db: Db, region: RegionRow, lang: Lang): Promise<IndexMenuDTO> {
  const d = indexDefinitions;
  const rows = await db
    .select()
    .from(d)
    .where(and(eq(d.countryCode, region.countryCode), sql`${d.regionIds} @> ${JSON.stringify([region.id])}::jsonb`))
    .orderBy(asc(d.sort), asc(d.code));
  return rows.map((r) => indexInfo(r, lang));
}

export function indexInfo(r: typeof indexDefinitions.$inferSelect, lang: Lang): IndexMenuDTO[number] {
  return {
    code: r.code,
    name: pick(lang, r.nameZh, r.nameEn),
    scope: r.scope as IndexMenuDTO[number]['scope'],
    subject: r.subject,
    granularity: r.granularity as 'day' | 'month',
    basePeriod: { start: r.basePeriodStart, end: r.basePeriodEnd },
    equalWeights: r.equalWeights,
    countryCode: r.countryCode,
    priceType: PRICE_TYPE_OF[r.priceType] ?? 'wholesale',
    currency: r.currency,
  };
}

/**
 * The region trees (nation → provinces → cities → markets), China first, or one country's; with
 * a product, only the regions with its prices and the regions above them.
 */
export async function regionTree(db: Db, lang: Lang, productCode?: string, country?: string): Promise<RegionNode[]> {
  const s = await snapshot(db);
  const nation = country ? (await loadCountry(db, country)).regionId : null;
  let keep: Set<number> | null = null;
  // A region's own last price of the product: a chart of it ends there, not where the product's
  // latest price elsewhere does.
  const lastDay = new Map<number, string>();
  if (productCode) {
    const product = s.products.get(productCode);
    keep = new Set();
    if (product) {
      const [r, l] = [regionPrices, latestPrices];
      const nums = await query<{ n: number; d: string }>(
        db,
        sql`SELECT ${r.regionNum} AS n, max(${r.day})::text AS d FROM ${r} WHERE ${r.productNum} = ${product.num} GROUP BY 1
            UNION ALL SELECT ${l.marketNum}, max(${l.day})::text FROM ${l} WHERE ${l.productNum} = ${product.num} GROUP BY 1`,
      );
      for (const x of nums) {
        const region = s.regionByNum.get(Number(x.n));
        if (!region) continue;
        keep.add(region.num);
        if (x.d > (lastDay.get(region.num) ?? '')) lastDay.set(region.num, x.d);
        for (const a of region.path) keep.add(a);
      }
    }
  }
  const nodes = new Map<string, RegionNode>();
  const roots: RegionNode[] = [];
  // Regions come in sort order, parents before their children.
  for (const r of s.regions.values()) {
    if (keep && !keep.has(r.num)) continue;
    if (nation && r.id !== nation && !r.path.includes(s.regions.get(nation)?.num ?? -1)) continue;
    const node: RegionNode = { id: r.id, name: pick(lang, r.nameZh, r.nameEn), level: r.level };
    const to = lastDay.get(r.num);
    if (to) node.to = to;
    nodes.set(r.id, node);
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else if (r.level === 'nation') roots.push(node);
  }
  // Cities only group markets: theirs is their markets' latest.
  if (productCode) for (const root of roots) fillCityEnds(root);
  const order = (id: string) => s.countries.get(s.regions.get(id)?.countryCode ?? '')?.sort ?? 1000;
  return roots.sort((a, b) => order(a.id) - order(b.id) || (a.name < b.name ? -1 : 1));
}

function fillCityEnds(node: RegionNode): string | undefined {
  let latest = node.to;
  for (const c of node.children ?? []) {
    const d = fillCityEnds(c);
    if (d && (!latest || d > latest)) latest = d;
  }
  if (node.level === 'city' && latest) node.to = latest;
  return node.to;
}

/** CountryMenu: every country with prices, China first, with its currency, coverage and index basis. */
export async function countryMenu(db: Db, lang: Lang): Promise<SharedAnswer<CountryMenuDTO>> {
  return countries.get(db, lang, async () => {
    const s = await snapshot(db);
    const l = latestPrices;
    const perCountry = await query<{ c: string; markets: string; products: string; hi: string }>(
      db,
      sql`SELECT ${regions.countryCode} AS c, count(DISTINCT ${l.marketNum}) AS markets, count(DISTINCT ${l.productNum}) AS products,
            to_char(max(${l.day}), 'YYYY-MM-DD') AS hi
          FROM ${l} JOIN ${regions} ON ${regions.num} = ${l.marketNum} GROUP BY 1`,
    );
    const firsts = await query<{ c: string; lo: string }>(
      db,
      sql`SELECT ${regions.countryCode} AS c, to_char(min(${regionPrices.day}), 'YYYY-MM-DD') AS lo FROM ${regionPrices}
          JOIN ${regions} ON ${regions.num} = ${regionPrices.regionNum} AND ${regions.level} = 'nation' GROUP BY 1`,
    );
    const composites = await db.select().from(indexDefinitions).where(eq(indexDefinitions.code, 'composite'));
    const usd = new Set((await db.selectDistinct({ c: fxRates.currency }).from(fxRates)).map((r) => r.c));
    const menu: CountryMenuDTO = [...s.countries.values()]
      .flatMap((c) => {
        const n = perCountry.find((x) => x.c === c.code);
        if (!n) return [];
        const idx = composites.find((d) => d.countryCode === c.code);
        return [
          {
            code: c.code,
            name: pick(lang, c.nameZh, c.nameEn),
            currency: c.currency,
            regionId: c.regionId,
            from: firsts.find((x) => x.c === c.code)?.lo ?? null,
            to: n.hi,
            markets: Number(n.markets),
            products: Number(n.products),
            index: idx
              ? {
                  priceType: PRICE_TYPE_OF[idx.priceType] ?? 'wholesale',
                  granularity: idx.granularity as 'day' | 'month',
                  basePeriod: { start: idx.basePeriodStart, end: idx.basePeriodEnd },
                  equalWeights: idx.equalWeights,
                }
              : null,
            usd: c.currency === 'USD' || usd.has(c.currency),
            sort: c.sort,
          },
        ];
      })
      .sort((a, b) => a.sort - b.sort || (a.name < b.name ? -1 : 1))
      .map(({ sort: _sort, ...c }) => c);
    return shareAnswer(menu);
  });
}
const countries = new VersionedCache<SharedAnswer<CountryMenuDTO>>(4);

/** UnmappedProducts (staff): commodities imports created under a source's name, with where their rows come from. */
export async function unmappedProducts(db: Db): Promise<UnmappedProductsDTO> {
  const o = priceObservations;
  const rows = await db
    .select({
      code: products.code,
      name: products.nameEn,
      categoryCode: products.categoryCode,
      unit: products.unit,
      num: products.num,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(eq(products.mapped, false))
    .orderBy(desc(products.createdAt), asc(products.code));
  if (!rows.length) return [];
  const nums = rows.map((r) => r.num);
  const counts = await db
    .select({ p: o.productNum, c: regions.countryCode, n: count() })
    .from(o)
    .innerJoin(regions, eq(regions.num, o.marketNum))
    .where(inArray(o.productNum, nums))
    .groupBy(o.productNum, regions.countryCode);
  const sources = await db
    .selectDistinct({ p: productSources.productNum, name: dataSources.name })
    .from(productSources)
    .innerJoin(dataSources, eq(dataSources.id, productSources.sourceId))
    .where(inArray(productSources.productNum, nums));
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    categoryCode: r.categoryCode,
    unit: r.unit,
    rows: counts.filter((c) => c.p === r.num).reduce((a, c) => a + Number(c.n), 0),
    countries: [...new Set(counts.filter((c) => c.p === r.num).map((c) => c.c))].sort(),
    sources: sources
      .filter((x) => x.p === r.num)
      .map((x) => x.name)
      .sort(),
    createdAt: r.createdAt.toISOString(),
  }));
}

import 'server-only';
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { MarketLang, ProductRef } from '@/lib/api/schemas/market';
import type { Db } from '../../../db/client';
import {
  countries,
  dataSources,
  productCategories,
  productNames,
  products,
  productSources,
  regions,
} from '../../../db/schema';
import { DEFAULT_COUNTRY } from '@/lib/api/schemas/market-ids';
import { fail } from '../../../errors';
import type { RegionRef } from '../../../access/market-policy';
import { VersionedCache } from '../cache';
import { msg } from '@/lib/i18n/server-messages';
import { slugify as slug } from '../../../market/names';
import { pick } from '@/lib/shared/names';

export type Lang = MarketLang;
export const langOf = (l: string | undefined): Lang => (l === 'zh-CN' ? 'zh-CN' : 'en');

export type ProductRow = ProductRef & { num: number };
export type RegionRow = RegionRef & {
  num: number;
  name: string;
  parentId: string | null;
  /** The currency of the region's country: its prices are in it. */
  currency: string;
};
export type CountryRow = {
  code: string;
  nameZh: string;
  nameEn: string;
  currency: string;
  regionId: string;
  sort: number;
};

type ProductDb = {
  code: string;
  num: number;
  nameZh: string;
  nameEn: string;
  unit: string;
  categoryCode: string;
  catZh: string;
  catEn: string;
  catSort: number;
  isDemo: boolean;
  mapped: boolean;
  sourceName: string | null;
};
type RegionDb = {
  id: string;
  num: number;
  countryCode: string;
  parentId: string | null;
  level: RegionRef['level'];
  provinceId: string | null;
  path: number[];
  nameZh: string;
  nameEn: string;
  sort: number;
};

/** Product columns as the data calls select them (with their category's names). */
export const productColumns = {
  code: products.code,
  num: products.num,
  nameZh: products.nameZh,
  nameEn: products.nameEn,
  unit: products.unit,
  categoryCode: products.categoryCode,
  catZh: productCategories.nameZh,
  catEn: productCategories.nameEn,
  catSort: productCategories.sort,
  isDemo: products.isDemo,
  mapped: products.mapped,
  sourceName: products.sourceName,
};

export function toProductRef(p: Omit<ProductDb, 'num' | 'catSort'>, lang: Lang, aliases: string[] = []): ProductRef {
  const name = pick(lang, p.nameZh, p.nameEn);
  return {
    code: p.code,
    name,
    unit: p.unit,
    categoryCode: p.categoryCode,
    categoryName: pick(lang, p.catZh, p.catEn),
    demo: p.isDemo,
    mapped: p.mapped,
    altName: pick(lang, p.nameEn, p.nameZh),
    // A second line only where it says something: not "Rice (Indica)" under "Rice (indica)".
    sourceName: p.sourceName && p.sourceName.toLowerCase() !== name.toLowerCase() ? p.sourceName : null,
    aliases,
  };
}

/**
 * Countries, products and regions as of the current data version. Only imports and the seed add
 * or change them, and both move the version, so every data call looks them up here instead of
 * asking the database.
 */
type Snapshot = {
  products: Map<string, ProductDb>;
  productByNum: Map<number, ProductDb>;
  regions: Map<string, RegionDb>;
  regionByNum: Map<number, RegionDb>;
  countries: Map<string, CountryRow>;
  /** Each product's other names in the mapping table (not its code or names). */
  aliases: Map<string, string[]>;
};
const snapshots = new VersionedCache<Snapshot>(1);

export function snapshot(db: Db): Promise<Snapshot> {
  return snapshots.get(db, 'catalogue', async () => {
    const [ps, rs, cs, ns] = await Promise.all([
      db
        .select(productColumns)
        .from(products)
        .innerJoin(productCategories, eq(productCategories.code, products.categoryCode)),
      db
        .select({
          id: regions.id,
          num: regions.num,
          countryCode: regions.countryCode,
          parentId: regions.parentId,
          level: regions.level,
          provinceId: regions.provinceId,
          path: regions.path,
          nameZh: regions.nameZh,
          nameEn: regions.nameEn,
          sort: regions.sort,
        })
        .from(regions)
        .orderBy(asc(regions.sort), asc(regions.id)),
      db.select().from(countries),
      db.select({ name: productNames.name, code: productNames.productCode }).from(productNames),
    ]);
    const aliases = new Map<string, string[]>();
    const own = new Map(ps.map((p) => [p.code, new Set([p.code, slug(p.nameEn), slug(p.nameZh)])]));
    for (const n of ns) {
      if (!n.code || own.get(n.code)?.has(n.name)) continue;
      aliases.set(n.code, [...(aliases.get(n.code) ?? []), n.name]);
    }
    const rows = rs as RegionDb[];
    return {
      products: new Map(ps.map((p) => [p.code, p])),
      productByNum: new Map(ps.map((p) => [p.num, p])),
      regions: new Map(rows.map((r) => [r.id, r])),
      regionByNum: new Map(rows.map((r) => [r.num, r])),
      countries: new Map(
        cs.flatMap((c) => (c.regionId ? [[c.code, { ...c, regionId: c.regionId }] as [string, CountryRow]] : [])),
      ),
      aliases,
    };
  });
}

export async function loadProduct(db: Db, code: string, lang: Lang): Promise<ProductRow> {
  const s = await snapshot(db);
  const p = s.products.get(code);
  if (!p) throw fail.notFound(msg('market.unknownProduct', { code }));
  return { ...toProductRef(p, lang, s.aliases.get(code)), num: p.num };
}

function toRegionRow(s: Snapshot, r: RegionDb, lang: Lang): RegionRow {
  return {
    id: r.id,
    num: r.num,
    level: r.level,
    provinceId: r.provinceId,
    parentId: r.parentId,
    countryCode: r.countryCode,
    ancestorIds: r.path.flatMap((n) => s.regionByNum.get(n)?.id ?? []),
    currency: s.countries.get(r.countryCode)?.currency ?? 'CNY',
    name: pick(lang, r.nameZh, r.nameEn),
  };
}

/** The regions by id, in the order asked; an unknown id is a 404 naming it. */
export async function loadRegions(db: Db, ids: readonly string[], lang: Lang): Promise<RegionRow[]> {
  const s = await snapshot(db);
  return ids.map((id) => {
    const r = s.regions.get(id);
    if (!r) throw fail.notFound(msg('market.unknownRegion', { id }));
    return toRegionRow(s, r, lang);
  });
}

export async function loadRegion(db: Db, id: string, lang: Lang): Promise<RegionRow> {
  const [r] = await loadRegions(db, [id], lang);
  if (!r) throw fail.notFound(msg('market.unknownRegion', { id }));
  return r;
}

/** Refuses a city (admin2): it only groups markets in the tree and has no prices of its own. */
export function withPrices(region: RegionRow, field = 'regionId'): RegionRow {
  if (region.level === 'city') throw fail.invalid(field, msg('market.cityGroupsMarkets', { region: region.name }));
  return region;
}

/** A country with data; an unknown one (or one without prices) is a 404 naming it. */
export async function loadCountry(db: Db, code: string = DEFAULT_COUNTRY): Promise<CountryRow> {
  const c = (await snapshot(db)).countries.get(code);
  if (!c) throw fail.notFound(msg('market.noCountryData', { code }));
  return c;
}

/** The region a call asks for: `regionId`, else the nation of `country` (China when neither is given). */
export async function regionOrNation(db: Db, regionId: string | undefined, country: string | undefined, lang: Lang) {
  return loadRegion(db, regionId || (await loadCountry(db, country)).regionId, lang);
}

const toSource = (r: { name: string; licence: string; attribution: string; isDemo: boolean }) => ({
  name: r.name,
  licence: r.licence,
  attribution: r.attribution,
  demo: r.isDemo,
});

/** Sources of these products' prices in these countries that overlap the window (all of them without a window). */
export async function sourcesOf(
  db: Db,
  productNums: readonly number[],
  countryCodes: readonly string[],
  window?: { from: string; to: string },
) {
  const where: SQL[] = [
    inArray(productSources.productNum, [...productNums]),
    inArray(productSources.countryCode, [...countryCodes]),
  ];
  if (window) where.push(lte(productSources.firstDay, window.to), gte(productSources.lastDay, window.from));
  const rows = await db
    .selectDistinct({
      name: dataSources.name,
      licence: dataSources.licence,
      attribution: dataSources.attribution,
      isDemo: dataSources.isDemo,
    })
    .from(productSources)
    .innerJoin(dataSources, eq(dataSources.id, productSources.sourceId))
    .where(and(...where))
    .orderBy(asc(dataSources.name));
  return rows.map(toSource);
}

export async function allSources(db: Db) {
  return (await db.select().from(dataSources).orderBy(asc(dataSources.id))).map(toSource);
}

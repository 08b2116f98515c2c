import 'server-only';
import { addMonths } from 'date-fns';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ARCHIVE_PRICE_PCT,
  type BuyRegionDTO,
  type DataProductBuyModelDTO,
  type DataProductDTO,
  type HoldingDTO,
} from '@/lib/api/schemas/data-product';
import { todayUtc } from '@/lib/shared/dates';
import { isCurrent, mergeCoverage, saleCoverage } from './sale-coverage';
import type { MemberPrivileges } from '@/lib/api/schemas/member';
import type { Db, Tx } from '../../db/client';
import {
  countries,
  dataProducts,
  latestPrices,
  memberLevels,
  productCategories,
  products,
  regions,
  userDataProductAuths,
} from '../../db/schema';
import { jsonColumn } from '../../db/json-column';
import { fail, englishOf } from '../../errors';
import { VersionedCache } from '../market/cache';
import { activeMembership } from '../memberships';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';

type SaleRegion = DataProductDTO['regions'][number];
type LevelRow = {
  code: string;
  name_zh: string;
  name_en: string;
  rank: number;
  privileges: unknown;
  for_sale: boolean;
};
type ProductRow = {
  code: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  category_code: string;
  cat_zh: string;
  cat_en: string;
  price_per_region_fen: number;
  months: number;
  min_rank: number;
};

const privilegesOf = (p: unknown) => jsonColumn(p) as MemberPrivileges;

/** A member's price of one region: the list price less the level's discount, in whole fen. */
export const discounted = (listFen: number, pct: number) => Math.round((listFen * (100 - pct)) / 100);

/** The price of one region sold as an archive (docs/pricing.md). */
export const archivePrice = (pricePerRegionFen: number) => Math.round((pricePerRegionFen * ARCHIVE_PRICE_PCT) / 100);

/**
 * A region's list price (the per-region price for each province it covers, the archive price for
 * each archive one) and the buyer's price of it.
 */
export function regionPrice(
  product: Pick<DataProductDTO, 'pricePerRegionFen'>,
  region: Pick<SaleRegion, 'units' | 'archiveUnits'>,
  buyer: Pick<Buyer, 'discountPct'>,
) {
  const listPriceFen =
    product.pricePerRegionFen * (region.units - region.archiveUnits) +
    archivePrice(product.pricePerRegionFen) * region.archiveUnits;
  return { listPriceFen, priceFen: discounted(listPriceFen, buyer.discountPct) };
}

/**
 * The regions each product group is sold for: every country with prices of the group as a whole
 * and each of its provinces with such prices, each with the group's products priced there (the
 * market pages' entry points for what is bought), the span, sources and rhythm of its prices, and
 * whether it is current on `today` or sold as an archive.
 */
export async function saleRegions(
  db: Db,
  categoryCodes?: readonly string[],
  today = todayUtc(new Date()),
): Promise<ReadonlyMap<string, SaleRegion[]>> {
  // Where prices exist changes only with an import, which bumps the market data version.
  const cached = await regionCache.get(db, categoryCodes ? [...categoryCodes].sort().join(',') : '*', () =>
    loadSaleRegions(db, categoryCodes),
  );
  return new Map([...cached].map(([cat, list]) => [cat, withFreshness(list, today)]));
}

/** A region as kept per data version: the provinces it covers, not yet whether it is current (that is per day). */
type KeptRegion = Omit<SaleRegion, 'archiveUnits' | 'current'> & { provinceIds: string[] };
const regionCache = new VersionedCache<ReadonlyMap<string, KeptRegion[]>>(50);

/**
 * Which regions are current on `today`: a province whose last price is recent; a country, if any
 * of its provinces is, its archive provinces counted at the archive price.
 */
function withFreshness(list: readonly KeptRegion[], today: string): SaleRegion[] {
  const lastOf = new Map(list.map((r) => [r.id, r.to]));
  return list.map(({ provinceIds, ...r }) => {
    const archive = provinceIds.filter((id) => !isCurrent(lastOf.get(id) ?? '', today)).length;
    return { ...r, archiveUnits: archive, current: archive < provinceIds.length };
  });
}

async function loadSaleRegions(db: Db, categoryCodes?: readonly string[]): Promise<ReadonlyMap<string, KeptRegion[]>> {
  const m = alias(regions, 'm');
  const pv = alias(regions, 'pv');
  const [rows, coverage] = await Promise.all([
    db
      .selectDistinct({
        category: products.categoryCode,
        country: pv.countryCode,
        cZh: countries.nameZh,
        cEn: countries.nameEn,
        cSort: countries.sort,
        nationId: countries.regionId,
        id: pv.id,
        nameZh: pv.nameZh,
        nameEn: pv.nameEn,
        sort: pv.sort,
        productCode: products.code,
        pZh: products.nameZh,
        pEn: products.nameEn,
        num: products.num,
      })
      .from(latestPrices)
      .innerJoin(products, eq(products.num, latestPrices.productNum))
      .innerJoin(m, eq(m.num, latestPrices.marketNum))
      .innerJoin(pv, and(eq(pv.id, m.provinceId), eq(pv.level, 'province')))
      .innerJoin(countries, eq(countries.code, pv.countryCode))
      .where(categoryCodes ? inArray(products.categoryCode, [...categoryCodes]) : undefined)
      .orderBy(asc(countries.sort), asc(pv.countryCode), asc(pv.sort), asc(pv.id), asc(products.num)),
    saleCoverage(db, categoryCodes),
  ]);
  const out = new Map<string, KeptRegion[]>();
  const none = { from: '', to: '', sources: [] };
  const add = (
    list: KeptRegion[],
    r: Omit<KeptRegion, 'products' | 'from' | 'to' | 'sources'>,
    product: KeptRegion['products'][number],
  ) => {
    let region = list.find((x) => x.id === r.id);
    if (!region) list.push((region = { ...r, ...none, products: [] }));
    if (!region.products.some((p) => p.code === product.code)) region.products.push(product);
    return region;
  };
  for (const row of rows) {
    const list = out.get(row.category) ?? [];
    out.set(row.category, list);
    const product = { code: row.productCode, nameZh: row.pZh, nameEn: row.pEn };
    // The whole country first ("Bangladesh, all regions"), priced as all its provinces on sale, then each province.
    if (row.nationId) {
      const nation = add(
        list,
        {
          id: row.nationId,
          nameZh: `${row.cZh}（全部地区）`,
          nameEn: `${row.cEn} (all regions)`,
          countryCode: row.country,
          units: 0,
          provinceIds: [],
        },
        product,
      );
      if (!nation.provinceIds.includes(row.id)) {
        nation.provinceIds.push(row.id);
        nation.units++;
      }
    }
    add(
      list,
      { id: row.id, nameZh: row.nameZh, nameEn: row.nameEn, countryCode: row.country, units: 1, provinceIds: [row.id] },
      product,
    );
  }
  // What each region holds: a province its own prices', a country its provinces' together.
  for (const [category, list] of out)
    for (const region of list) {
      const parts = region.provinceIds.flatMap((id) => coverage.get(`${category}|${id}`) ?? []);
      Object.assign(region, parts.length === 1 ? parts[0]! : mergeCoverage(parts));
    }
  return out;
}

async function productRows(db: Db | Tx, code?: string): Promise<ProductRow[]> {
  const d = dataProducts;
  const c = productCategories;
  return db
    .select({
      code: d.code,
      name_zh: d.nameZh,
      name_en: d.nameEn,
      description_zh: d.descriptionZh,
      description_en: d.descriptionEn,
      category_code: d.categoryCode,
      cat_zh: c.nameZh,
      cat_en: c.nameEn,
      price_per_region_fen: d.pricePerRegionFen,
      months: d.months,
      min_rank: d.minRank,
    })
    .from(d)
    .innerJoin(c, eq(c.code, d.categoryCode))
    .where(and(eq(d.onSale, true), code === undefined ? undefined : eq(d.code, code)))
    .orderBy(asc(d.sort), asc(d.code));
}

const levelColumns = {
  code: memberLevels.code,
  name_zh: memberLevels.nameZh,
  name_en: memberLevels.nameEn,
  rank: memberLevels.rank,
  privileges: memberLevels.privileges,
  for_sale: memberLevels.forSale,
};

const levelRows = (db: Db | Tx): Promise<LevelRow[]> =>
  db.select(levelColumns).from(memberLevels).orderBy(asc(memberLevels.rank));

function toDTO(p: ProductRow, levels: LevelRow[], regions: ReadonlyMap<string, SaleRegion[]>): DataProductDTO {
  const minRank = Number(p.min_rank);
  const onSale = levels.filter((l) => l.for_sale);
  const minLevel = minRank > 0 ? onSale.find((l) => Number(l.rank) >= minRank) : undefined;
  return {
    code: p.code,
    nameZh: p.name_zh,
    nameEn: p.name_en,
    descriptionZh: p.description_zh,
    descriptionEn: p.description_en,
    categoryCode: p.category_code,
    categoryNameZh: p.cat_zh,
    categoryNameEn: p.cat_en,
    pricePerRegionFen: Number(p.price_per_region_fen),
    archivePricePerRegionFen: archivePrice(Number(p.price_per_region_fen)),
    months: Number(p.months),
    minRank,
    minLevel: minLevel
      ? { code: minLevel.code, rank: Number(minLevel.rank), nameZh: minLevel.name_zh, nameEn: minLevel.name_en }
      : null,
    discounts: onSale
      .map((l) => ({
        code: l.code,
        rank: Number(l.rank),
        nameZh: l.name_zh,
        nameEn: l.name_en,
        pct: privilegesOf(l.privileges).dataProductDiscountPct ?? 0,
      }))
      .filter((d) => d.pct > 0),
    regions: regions.get(p.category_code) ?? [],
  };
}

/** QueryDataProductList: the products on sale. */
export async function listDataProducts(db: Db, now = new Date()): Promise<DataProductDTO[]> {
  const [products, levels, regions] = await Promise.all([
    productRows(db),
    levelRows(db),
    saleRegions(db, undefined, todayUtc(now)),
  ]);
  return products.map((p) => toDTO(p, levels, regions));
}

/** One product on sale; an unknown or withdrawn code answers "not found". */
export async function dataProduct(db: Db, code: string, now = new Date()): Promise<DataProductDTO> {
  const [p] = /^[\w-]{1,64}$/.test(code) ? await productRows(db, code) : [];
  if (!p) throw fail.notFound(msg('commerce.unknownDataProduct', { code }));
  const [levels, regions] = await Promise.all([levelRows(db), saleRegions(db, [p.category_code], todayUtc(now))]);
  return toDTO(p, levels, regions);
}

export type Buyer = { level: DataProductBuyModelDTO['level']; discountPct: number; rank: number };

/** The buyer as pricing sees them: the level in force (an expired one counts as none) and its discount. */
export async function buyerOf(db: Db, userId: string, now: Date): Promise<Buyer> {
  const m = await activeMembership(db, userId, now);
  if (!m) return { level: null, discountPct: 0, rank: 0 };
  const [l] = await db.select(levelColumns).from(memberLevels).where(eq(memberLevels.id, m.levelId));
  return {
    level: l ? { code: l.code, rank: Number(l.rank), nameZh: l.name_zh, nameEn: l.name_en } : null,
    discountPct: Math.min(100, Math.max(0, m.privileges.dataProductDiscountPct ?? 0)),
    rank: m.rank,
  };
}

/** Why this buyer may not buy the product, or null when they may (the minimum rank, docs/pricing.md). */
export function refusalOf(product: DataProductDTO, buyer: Buyer): MessageRef | null {
  if (buyer.rank >= product.minRank) return null;
  const need = product.minLevel
    ? msg('commerce.needLevel', { level: { en: product.minLevel.nameEn, 'zh-CN': product.minLevel.nameZh } })
    : msg('commerce.needHigherLevel');
  return msg('commerce.membersOnly', { product: { en: product.nameEn, 'zh-CN': product.nameZh }, need });
}

/** The ends of the user's authorisations of one product, by region. */
async function heldUntil(db: Db | Tx, userId: string, productCode: string): Promise<Map<string, Date>> {
  const a = userDataProductAuths;
  const rows = await db
    .select({ region_id: a.regionId, ends_at: a.endsAt })
    .from(a)
    .where(and(eq(a.userId, userId), eq(a.productCode, productCode)));
  return new Map(rows.map((r) => [r.region_id, new Date(r.ends_at)]));
}

/** Buying a region runs `months` from the later of now and the end of what is held (docs/commerce.md). */
export const extendedEnd = (held: Date | undefined, months: number, now: Date) =>
  addMonths(held && held > now ? held : now, months);

export async function buyRegions(
  db: Db,
  userId: string,
  product: DataProductDTO,
  buyer: Buyer,
  now: Date,
): Promise<BuyRegionDTO[]> {
  const held = await heldUntil(db, userId, product.code);
  return product.regions.map((r) => {
    const h = held.get(r.id);
    return {
      ...r,
      ...regionPrice(product, r, buyer),
      heldUntil: h && h > now ? h.toISOString() : null,
      newEndsAt: extendedEnd(h, product.months, now).toISOString(),
    };
  });
}

/** QueryDataProductBuyModelById. */
export async function buyModel(db: Db, userId: string, code: string, now: Date): Promise<DataProductBuyModelDTO> {
  const [product, buyer] = await Promise.all([dataProduct(db, code, now), buyerOf(db, userId, now)]);
  const refused = refusalOf(product, buyer);
  return {
    product,
    level: buyer.level,
    discountPct: buyer.discountPct,
    eligible: refused === null,
    refusedReason: refused && englishOf(refused),
    refusedMessage: refused,
    regions: await buyRegions(db, userId, product, buyer, now),
  };
}

/** QueryUserDataProductHoldings (equitiesCentre/myData): what the user holds or held, newest expiry first. */
export async function holdings(db: Db, userId: string, now: Date): Promise<HoldingDTO[]> {
  const a = userDataProductAuths;
  const d = dataProducts;
  const r = regions;
  const rows = await db
    .select({
      product_code: a.productCode,
      name_zh: d.nameZh,
      name_en: d.nameEn,
      category_code: d.categoryCode,
      region_id: a.regionId,
      r_zh: r.nameZh,
      r_en: r.nameEn,
      starts_at: a.startsAt,
      ends_at: a.endsAt,
    })
    .from(a)
    .innerJoin(d, eq(d.code, a.productCode))
    .innerJoin(r, eq(r.id, a.regionId))
    .where(eq(a.userId, userId))
    .orderBy(asc(d.sort), asc(d.code), desc(a.endsAt), asc(r.sort), asc(a.regionId));
  if (rows.length === 0) return [];
  const sale = await saleRegions(db, [...new Set(rows.map((r) => r.category_code))], todayUtc(now));
  const out: HoldingDTO[] = [];
  for (const row of rows) {
    let h = out.find((x) => x.productCode === row.product_code);
    if (!h)
      out.push(
        (h = {
          productCode: row.product_code,
          nameZh: row.name_zh,
          nameEn: row.name_en,
          categoryCode: row.category_code,
          regions: [],
        }),
      );
    const startsAt = new Date(row.starts_at);
    const endsAt = new Date(row.ends_at);
    h.regions.push({
      regionId: row.region_id,
      nameZh: row.r_zh,
      nameEn: row.r_en,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      active: startsAt <= now && endsAt > now,
      products: sale.get(row.category_code)?.find((r) => r.id === row.region_id)?.products ?? [],
    });
  }
  return out;
}

import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type {
  Catalogue,
  CatalogueLevel,
  SaveLevelBody,
  SaveProductBody,
} from '@/lib/api/console/schemas/commerce-catalogue';
import { msg } from '@/lib/i18n/server-messages';
import type { Db, Tx } from '../../db/client';
import { dataProducts, memberLevels, memberRangePrices, productCategories } from '../../db/schema';
import { fail } from '../../errors';

type Conn = Db | Tx;

/** ConsoleCommerceCatalogue: every level (Free included, without prices) and every data product, on sale or not. */
export async function catalogue(db: Conn): Promise<Catalogue> {
  const levels = await db.select().from(memberLevels).orderBy(asc(memberLevels.rank));
  const prices = await db.select().from(memberRangePrices).orderBy(asc(memberRangePrices.months));
  const products = await db
    .select({ p: dataProducts, catZh: productCategories.nameZh, catEn: productCategories.nameEn })
    .from(dataProducts)
    .innerJoin(productCategories, eq(productCategories.code, dataProducts.categoryCode))
    .orderBy(asc(dataProducts.sort), asc(dataProducts.code));
  return {
    levels: levels.map((l) => ({
      id: l.id,
      code: l.code,
      nameZh: l.nameZh,
      nameEn: l.nameEn,
      rank: l.rank,
      forSale: l.forSale,
      privileges: l.privileges as CatalogueLevel['privileges'],
      prices: prices.filter((p) => p.levelId === l.id).map((p) => ({ months: p.months, priceFen: p.priceFen })),
    })),
    products: products.map(({ p, catZh, catEn }) => ({
      code: p.code,
      nameZh: p.nameZh,
      nameEn: p.nameEn,
      category: { nameZh: catZh, nameEn: catEn },
      pricePerRegionFen: p.pricePerRegionFen,
      months: p.months,
      minRank: p.minRank,
      onSale: p.onSale,
    })),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * ConsoleSaveLevel: a paid level's privileges and range prices. Orders keep the price and detail
 * they were made with (orders.amount_fen, orders.detail), so only orders made after this pay the
 * new prices; members already holding the level get the new privileges, as they are the level's.
 */
export async function saveLevel(tx: Conn, input: SaveLevelBody) {
  const [level] = await tx.select().from(memberLevels).where(eq(memberLevels.id, input.levelId)).for('update');
  if (!level) throw fail.invalid('levelId', msg('console.noLevel'));
  if (level.rank <= 0) throw fail.invalid('levelId', msg('console.freeLevel'));
  const rows = await tx.select().from(memberRangePrices).where(eq(memberRangePrices.levelId, level.id));
  const old = level.privileges as Record<string, unknown>;
  const before = {
    forSale: level.forSale,
    privileges: old,
    prices: rows.map((r) => ({ months: r.months, priceFen: r.priceFen })).sort((a, b) => a.months - b.months),
  };
  // Keys of the privileges the form does not edit are kept as they are.
  const after = {
    forSale: input.forSale,
    privileges: { ...old, ...input.privileges },
    prices: [...input.prices].sort((a, b) => a.months - b.months),
  };
  if (same(before, after)) return { changed: false as const, code: level.code };
  await tx
    .update(memberLevels)
    .set({ forSale: after.forSale, privileges: after.privileges })
    .where(eq(memberLevels.id, level.id));
  for (const p of after.prices)
    await tx
      .insert(memberRangePrices)
      .values({ levelId: level.id, months: p.months, priceFen: p.priceFen })
      .onConflictDoUpdate({
        target: [memberRangePrices.levelId, memberRangePrices.months],
        set: { priceFen: p.priceFen },
      });
  return { changed: true as const, code: level.code, before, after };
}

/** ConsoleSaveDataProduct: a data product's region price, months, minimum level and sale, for new orders. */
export async function saveProduct(tx: Conn, input: SaveProductBody) {
  const [p] = await tx.select().from(dataProducts).where(eq(dataProducts.code, input.code)).for('update');
  if (!p) throw fail.invalid('code', msg('console.noProduct'));
  if (input.minRank > 0) {
    const [l] = await tx.select({ id: memberLevels.id }).from(memberLevels).where(eq(memberLevels.rank, input.minRank));
    if (!l) throw fail.invalid('minRank', msg('console.noRank'));
  }
  const before = { pricePerRegionFen: p.pricePerRegionFen, months: p.months, minRank: p.minRank, onSale: p.onSale };
  const after = {
    pricePerRegionFen: input.pricePerRegionFen,
    months: input.months,
    minRank: input.minRank,
    onSale: input.onSale,
  };
  if (same(before, after)) return { changed: false as const };
  await tx.update(dataProducts).set(after).where(eq(dataProducts.code, p.code));
  return { changed: true as const, before, after };
}

import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import type {
  ConsoleCatalogue,
  ConsoleCategory,
  ConsoleDataSource,
  SaveCategoryBody,
  SaveDataSourceBody,
  SaveProductBody,
} from '@/lib/api/console/schemas/catalogue';
import type { ConsoleProduct } from '@/lib/api/console/schemas/data-products';
import { msg } from '@/lib/i18n/server-messages';
import type { Db } from '../../db/client';
import { dataSources, productCategories, products } from '../../db/schema';
import { fail } from '../../errors';
import { bumpDataVersion } from '../market/cache';

const productColumns = {
  code: products.code,
  nameZh: products.nameZh,
  nameEn: products.nameEn,
  categoryCode: products.categoryCode,
  unit: products.unit,
  sourceName: products.sourceName,
  mapped: products.mapped,
};
const sourceColumns = {
  id: dataSources.id,
  name: dataSources.name,
  licence: dataSources.licence,
  attribution: dataSources.attribution,
  isDemo: dataSources.isDemo,
};

async function categoryOf(db: Db, code: string): Promise<ConsoleCategory | undefined> {
  const [c] = await db
    .select({ code: productCategories.code, nameZh: productCategories.nameZh, nameEn: productCategories.nameEn })
    .from(productCategories)
    .where(eq(productCategories.code, code));
  if (!c) return undefined;
  const [n] = await db.select({ n: count() }).from(products).where(eq(products.categoryCode, code));
  return { ...c, products: n?.n ?? 0 };
}

/** ConsoleCatalogue: the categories with their product counts, and the sources. */
export async function catalogue(db: Db): Promise<ConsoleCatalogue> {
  const counts = await db
    .select({ code: products.categoryCode, n: count() })
    .from(products)
    .groupBy(products.categoryCode);
  const n = new Map(counts.map((c) => [c.code, c.n]));
  const cats = await db
    .select({ code: productCategories.code, nameZh: productCategories.nameZh, nameEn: productCategories.nameEn })
    .from(productCategories)
    .orderBy(asc(productCategories.sort), asc(productCategories.code));
  const sources = await db.select(sourceColumns).from(dataSources).orderBy(asc(dataSources.id));
  return { categories: cats.map((c) => ({ ...c, products: n.get(c.code) ?? 0 })), sources };
}

/**
 * ConsoleSaveProduct: a product's names and category (docs/console.md "Catalogue"). The data
 * version moves, so every market page names it anew within a second.
 */
export async function saveProduct(
  tx: Db,
  body: SaveProductBody,
): Promise<{ before: ConsoleProduct; after: ConsoleProduct }> {
  const [before] = await tx.select(productColumns).from(products).where(eq(products.code, body.code)).for('update');
  if (!before) throw fail.notFound();
  if (!(await categoryOf(tx, body.categoryCode))) throw fail.invalid('categoryCode', msg('console.categoryUnknown'));
  const [after] = await tx
    .update(products)
    .set({ nameZh: body.nameZh, nameEn: body.nameEn, categoryCode: body.categoryCode })
    .where(eq(products.code, body.code))
    .returning(productColumns);
  await bumpDataVersion(tx);
  return { before, after: after! };
}

/** ConsoleSaveCategory: a category's names. */
export async function saveCategory(
  tx: Db,
  body: SaveCategoryBody,
): Promise<{ before: ConsoleCategory; after: ConsoleCategory }> {
  const before = await categoryOf(tx, body.code);
  if (!before) throw fail.notFound();
  await tx
    .update(productCategories)
    .set({ nameZh: body.nameZh, nameEn: body.nameEn })
    .where(eq(productCategories.code, body.code));
  await bumpDataVersion(tx);
  return { before, after: (await categoryOf(tx, body.code))! };
}

/** ConsoleSaveDataSource: the licence and attribution line every page crediting the source shows. */
export async function saveDataSource(
  tx: Db,
  body: SaveDataSourceBody,
): Promise<{ before: ConsoleDataSource; after: ConsoleDataSource }> {
  const [before] = await tx.select(sourceColumns).from(dataSources).where(eq(dataSources.id, body.id)).for('update');
  if (!before) throw fail.notFound();
  const [after] = await tx
    .update(dataSources)
    .set({ licence: body.licence, attribution: body.attribution })
    .where(eq(dataSources.id, body.id))
    .returning(sourceColumns);
  await bumpDataVersion(tx);
  return { before, after: after! };
}

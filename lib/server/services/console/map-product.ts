import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { ConsoleProduct, MapProductBody } from '@/lib/api/console/schemas/data-products';
import { msg } from '@/lib/i18n/server-messages';
import type { Db } from '../../db/client';
import { productCategories, products } from '../../db/schema';
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

/** ConsoleProductCategories. */
export function listCategories(db: Db) {
  return db
    .select({ code: productCategories.code, nameZh: productCategories.nameZh, nameEn: productCategories.nameEn })
    .from(productCategories)
    .orderBy(asc(productCategories.sort), asc(productCategories.code));
}

/**
 * ConsoleMapProduct: an unmapped commodity (one an import created under its source's name) gets the
 * names and category staff chose and joins the catalogue. Its code and the mapping row the import
 * wrote stay, so later imports of the source's name keep landing on it; the source's name stays
 * beside ours. The unit is the source's (prices are stored per that unit), so it is not edited.
 * The data version moves, so every market page names it anew within a second (docs/console.md "Data").
 */
export async function mapProduct(
  tx: Db,
  body: MapProductBody,
): Promise<{ before: ConsoleProduct; after: ConsoleProduct }> {
  const [before] = await tx.select(productColumns).from(products).where(eq(products.code, body.code)).for('update');
  if (!before) throw fail.notFound();
  if (before.mapped) throw fail.conflict(msg('console.productMapped'));
  const [category] = await tx
    .select({ code: productCategories.code })
    .from(productCategories)
    .where(eq(productCategories.code, body.categoryCode));
  if (!category) throw fail.invalid('categoryCode', msg('console.categoryUnknown'));
  const [after] = await tx
    .update(products)
    // An unmapped commodity carries the source's name as its own (sourceName null): keep it as the source's.
    .set({
      nameZh: body.nameZh,
      nameEn: body.nameEn,
      categoryCode: body.categoryCode,
      mapped: true,
      sourceName: before.sourceName ?? before.nameEn,
    })
    .where(eq(products.code, body.code))
    .returning(productColumns);
  await bumpDataVersion(tx);
  return { before, after: after! };
}

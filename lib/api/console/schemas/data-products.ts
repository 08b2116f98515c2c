import { z } from 'zod';

const name = z.string().trim().min(1, 'is required').max(60, 'is too long');

/** ConsoleMapProduct: an unmapped commodity becomes a catalogue product under names staff chose. */
export const mapProductBody = z.object({
  code: z.string().trim().min(1, 'is required').max(80, 'is too long'),
  nameZh: name,
  nameEn: name,
  categoryCode: z.string().trim().min(1, 'is required').max(40, 'is too long'),
});
export type MapProductBody = z.infer<typeof mapProductBody>;

/** A catalogue product as the console shows it. */
export const consoleProductSchema = z.object({
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  categoryCode: z.string(),
  unit: z.string(),
  /** The commodity as its source names it; null for the demo catalogue's products. */
  sourceName: z.string().nullable(),
  mapped: z.boolean(),
});
export type ConsoleProduct = z.infer<typeof consoleProductSchema>;

/** ConsoleProductCategories: what a product may be filed under. */
export const productCategoriesSchema = z.array(z.object({ code: z.string(), nameZh: z.string(), nameEn: z.string() }));

export const consoleProductsSchema = z.array(consoleProductSchema);

/** ConsoleMergeProducts: `code` is merged into `intoCode`, which survives. */
export const mergeProductsBody = z.object({
  code: z.string().trim().min(1, 'is required').max(80, 'is too long'),
  intoCode: z.string().trim().min(1, 'is required').max(80, 'is too long'),
});
export type MergeProductsBody = z.infer<typeof mergeProductsBody>;

export const mergeResultSchema = z.object({
  merged: consoleProductSchema,
  into: consoleProductSchema,
  moved: z.object({
    /** Prices moved to the survivor, and those dropped because the survivor had its own for that market, day and kind. */
    prices: z.number().int(),
    kept: z.number().int(),
    mappings: z.number().int(),
    watchlist: z.number().int(),
    alertRules: z.number().int(),
  }),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

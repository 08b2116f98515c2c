import { z } from 'zod';

const name = z.string().trim().min(1, 'is required').max(60, 'is too long');
const code = z.string().trim().min(1, 'is required').max(80, 'is too long');

/** A product category with the number of products filed under it. */
export const consoleCategorySchema = z.object({
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  products: z.number().int(),
});
export type ConsoleCategory = z.infer<typeof consoleCategorySchema>;

/** A price source as pages credit it: its licence and the attribution line shown beside its data. */
export const consoleDataSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  licence: z.string(),
  attribution: z.string(),
  isDemo: z.boolean(),
});
export type ConsoleDataSource = z.infer<typeof consoleDataSourceSchema>;

export const consoleCatalogueSchema = z.object({
  categories: z.array(consoleCategorySchema),
  sources: z.array(consoleDataSourceSchema),
});
export type ConsoleCatalogue = z.infer<typeof consoleCatalogueSchema>;

/** ConsoleSaveProduct: a catalogue product's names and category (its unit is its prices', not edited). */
export const saveProductBody = z.object({ code, nameZh: name, nameEn: name, categoryCode: code });
export type SaveProductBody = z.infer<typeof saveProductBody>;

/** ConsoleSaveCategory: a category's names. */
export const saveCategoryBody = z.object({ code, nameZh: name, nameEn: name });
export type SaveCategoryBody = z.infer<typeof saveCategoryBody>;

/** ConsoleSaveDataSource: a source's licence and attribution line. */
export const saveDataSourceBody = z.object({
  id: z.coerce.number().int().min(0),
  licence: z.string().trim().min(1, 'is required').max(120, 'is too long'),
  attribution: z.string().trim().min(1, 'is required').max(300, 'is too long'),
});
export type SaveDataSourceBody = z.infer<typeof saveDataSourceBody>;

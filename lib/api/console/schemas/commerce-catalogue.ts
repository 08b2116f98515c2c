import { z } from 'zod';
import { MEMBER_MONTHS } from '../../schemas/commerce-values';
import { reasonSchema } from './customers';

// The console's catalogue (docs/console.md "Levels and data products"): membership levels and data products.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const names = { nameZh: z.string(), nameEn: z.string() };
const int = (min: number, max: number) =>
  z.coerce
    .number()
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
/** A price in fen: more than nothing, at most ¥1,000,000. */
const priceFen = int(1, 100_000_000);

export const catalogueLevelSchema = z.object({
  id: z.string(),
  code: z.string(),
  ...names,
  rank: z.number().int(),
  forSale: z.boolean(),
  privileges: z.object({
    historyMonths: z.number().int(),
    regionDepth: z.enum(['national', 'province', 'market']),
    forecast: z.boolean(),
    export: z.boolean(),
    dataProductDiscountPct: z.number().int(),
    apiCallsPerDay: z.number().int().optional(),
  }),
  prices: z.array(z.object({ months: z.number().int(), priceFen: z.number().int() })),
});
export type CatalogueLevel = z.infer<typeof catalogueLevelSchema>;

export const catalogueProductSchema = z.object({
  code: z.string(),
  ...names,
  category: z.object(names),
  pricePerRegionFen: z.number().int(),
  months: z.number().int(),
  /** Lowest membership rank that may buy it (0: any logged-in user). */
  minRank: z.number().int(),
  onSale: z.boolean(),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const catalogueSchema = z.object({
  levels: z.array(catalogueLevelSchema),
  products: z.array(catalogueProductSchema),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** ConsoleSaveLevel: a paid level's privileges and its prices for 1, 3 and 12 months. */
export const saveLevelBody = z.object({
  levelId: z.string().trim().regex(UUID, 'is not an id'),
  forSale: z.boolean(),
  privileges: z.object({
    historyMonths: int(1, 600),
    regionDepth: z.enum(['national', 'province', 'market']),
    forecast: z.boolean(),
    export: z.boolean(),
    dataProductDiscountPct: int(0, 90),
    apiCallsPerDay: int(0, 10_000_000),
  }),
  prices: z
    .array(z.object({ months: z.union(MEMBER_MONTHS.map((m) => z.literal(m))), priceFen }))
    .length(MEMBER_MONTHS.length, `must give a price for each of ${MEMBER_MONTHS.join(', ')} months`)
    .refine((p) => new Set(p.map((x) => x.months)).size === p.length, 'must name each range once'),
  reason: reasonSchema,
});
export type SaveLevelBody = z.output<typeof saveLevelBody>;

/** ConsoleSaveDataProduct: price of a region, its months, who may buy it, whether it is on sale. */
export const saveProductBody = z.object({
  code: z.string().trim().min(1, 'is required').max(64, 'is too long'),
  pricePerRegionFen: priceFen,
  months: int(1, 36),
  minRank: int(0, 100),
  onSale: z.boolean(),
  reason: reasonSchema,
});
export type SaveProductBody = z.output<typeof saveProductBody>;

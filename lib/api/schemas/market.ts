import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const code = (what: string) => z.string().trim().min(1, 'is required').max(64, `${what} is too long`);
export const granularitySchema = z.enum(['day', 'week', 'month']);
export const priceTypeSchema = z.enum(['wholesale', 'retail']);

export const provenanceSchema = z.object({
  sources: z.array(z.object({ name: z.string(), licence: z.string(), demo: z.boolean() })),
  asOf: z.string().nullable(),
  unit: z.string(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

export const regionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({ id: z.string(), name: z.string(), level: z.string(), children: z.array(regionNodeSchema).optional() }),
);
export type RegionNode = { id: string; name: string; level: string; children?: RegionNode[] };

export const productRefSchema = z.object({ code: z.string(), name: z.string(), unit: z.string(), categoryCode: z.string(), categoryName: z.string(), demo: z.boolean() });
export type ProductRef = z.infer<typeof productRefSchema>;

// IndexMenu / PriceMenu / ProductsMenu
export const indexMenuSchema = z.array(z.object({ code: z.string(), name: z.string(), scope: z.enum(['product', 'category', 'composite']), subject: z.string().nullable() }));
export const priceMenuSchema = z.array(z.object({ categoryCode: z.string(), categoryName: z.string(), products: z.array(productRefSchema) }));
export const productsMenuSchema = z.array(productRefSchema);

// GetRegion
export const getRegionBody = z.object({ productCode: code('productCode').optional() });
export const getRegionSchema = z.array(regionNodeSchema);

// PriceTrend
export const priceTrendBody = z.object({
  productCode: code('productCode'),
  regionIds: z.array(code('regionId')).min(1, 'needs at least one region').max(5, 'at most 5 regions').default(['CN']),
  from: day.optional(),
  to: day.optional(),
  granularity: granularitySchema.default('day'),
  priceType: priceTypeSchema.default('wholesale'),
  seasonal: z.boolean().default(false),
});
export type PriceTrendBody = z.input<typeof priceTrendBody>;
const pointSchema = z.object({ date: z.string(), price: z.number(), min: z.number().nullable(), max: z.number().nullable() });
export const trendStatsSchema = z.object({ latest: z.number().nullable(), change: z.number().nullable(), changePct: z.number().nullable(), min: z.number().nullable(), max: z.number().nullable(), avg: z.number().nullable() });
export const priceTrendSchema = z.object({
  product: productRefSchema,
  granularity: granularitySchema,
  from: z.string(),
  to: z.string(),
  series: z.array(
    z.object({
      regionId: z.string(),
      regionName: z.string(),
      points: z.array(pointSchema),
      stats: trendStatsSchema,
      seasonal: z.array(z.object({ year: z.number().int(), points: z.array(z.object({ date: z.string(), price: z.number() })) })),
    }),
  ),
  provenance: provenanceSchema,
});
export type PriceTrendDTO = z.infer<typeof priceTrendSchema>;

// PriceIndex
export const priceIndexBody = z.object({
  indexCode: code('indexCode').default('composite'),
  regionId: code('regionId').default('CN'),
  from: day.optional(),
  to: day.optional(),
  granularity: granularitySchema.default('day'),
});
export type PriceIndexBody = z.input<typeof priceIndexBody>;
export const priceIndexSchema = z.object({
  index: z.object({ code: z.string(), name: z.string(), scope: z.string(), basePeriod: z.object({ start: z.string().nullable(), end: z.string().nullable() }), equalWeights: z.boolean() }),
  regionId: z.string(),
  from: z.string(),
  to: z.string(),
  points: z.array(z.object({ date: z.string(), level: z.number(), dod: z.number().nullable(), mom: z.number().nullable(), yoy: z.number().nullable() })),
  methodology: z.string(),
  provenance: provenanceSchema,
});
export type PriceIndexDTO = z.infer<typeof priceIndexSchema>;

// PriceAgTrend
export const priceAgTrendBody = z.object({
  productCode: code('productCode'),
  regionId: code('regionId').default('CN'),
  horizon: z.number().int().min(1).max(12).default(6),
  priceType: priceTypeSchema.default('wholesale'),
});
export type PriceAgTrendBody = z.input<typeof priceAgTrendBody>;
export const priceAgTrendSchema = z.object({
  product: productRefSchema,
  regionId: z.string(),
  granularity: z.literal('month'),
  history: z.array(z.object({ date: z.string(), price: z.number() })),
  forecast: z.array(z.object({ date: z.string(), mid: z.number(), lo80: z.number(), hi80: z.number(), lo95: z.number(), hi95: z.number() })),
  model: z.object({ name: z.string(), mase: z.number().nullable(), naiveMase: z.number().nullable(), lowConfidence: z.boolean(), madeOn: z.string() }),
  provenance: provenanceSchema,
});
export type PriceAgTrendDTO = z.infer<typeof priceAgTrendSchema>;

// WebPrice
export const webPriceSchema = z.object({
  asOf: z.string().nullable(),
  items: z.array(
    z.object({
      product: productRefSchema,
      marketId: z.string(),
      marketName: z.string(),
      provinceName: z.string(),
      date: z.string(),
      price: z.number(),
      change: z.number().nullable(),
      changePct: z.number().nullable(),
      priceType: priceTypeSchema,
      source: z.string(),
    }),
  ),
});
export type WebPriceDTO = z.infer<typeof webPriceSchema>;

// QueryUserDataProductAuthsRegion
export const dataProductAuthsSchema = z.array(z.object({ regionId: z.string(), regionName: z.string(), startsAt: z.string(), endsAt: z.string() }));

/** The body of a 403 from a data call: what would unlock it (product.md §2). */
export const unlockSchema = z.object({
  login: z.boolean().optional(),
  level: z.object({ code: z.string(), name: z.string() }).optional(),
  dataProduct: z.object({ code: z.string(), name: z.string() }).optional(),
  allowedFrom: z.string().optional(),
});
export type UnlockDTO = z.infer<typeof unlockSchema>;

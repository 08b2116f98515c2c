import { z } from 'zod';
import { isoDaySchema, messageRefSchema } from './common';
import {
  countrySchema,
  displayCurrencySchema,
  fxSchema,
  granularitySchema,
  langSchema,
  priceTypeSchema,
  sourceSchema,
  unlockSchema,
} from './market';

// PriceCompare (docs/market-data.md, "Compare"): up to 5 lines, each one product in one region or
// a country's nation, in one currency or as an index. Browser-safe.

/** The most lines one comparison draws. */
export const MAX_COMPARE_LINES = 5;

const code = z.string().trim().min(1, 'is required').max(64, 'is too long');
const regionId = z.string().trim().min(1, 'is required').max(120, 'is too long');

export const compareLineSchema = z
  .object({
    productCode: code,
    /** The country: its nation when no region is given (ISO 3166 alpha-3). */
    country: countrySchema.optional(),
    /** A province or market; it must lie in `country` when both are given. */
    regionId: regionId.optional(),
    /** Default: wholesale where the product has wholesale prices there, else retail. */
    priceType: priceTypeSchema.optional(),
  })
  .refine((l) => l.country !== undefined || l.regionId !== undefined, {
    message: 'names a country or a region',
    path: ['country'],
  });
export type CompareLine = z.input<typeof compareLineSchema>;

export const compareShowSchema = z.enum(['price', 'index']);
export type CompareShow = z.infer<typeof compareShowSchema>;

export const priceCompareBody = z.object({
  lines: z
    .array(compareLineSchema)
    .min(1, 'needs at least one line')
    .max(MAX_COMPARE_LINES, `at most ${MAX_COMPARE_LINES} lines`),
  /** Default: one year before `to`. */
  from: isoDaySchema.optional(),
  /** Default: today. */
  to: isoDaySchema.optional(),
  /** Monthly by default: lines from sources that price on different days meet on the same months. */
  granularity: granularitySchema.default('month'),
  /** Prices, or each line as an index of its own prices with the first common point = 100. */
  show: compareShowSchema.default('price'),
  /**
   * Prices in the lines' one local currency, or in USD at each month's rate. Default: local when
   * every line prices in one currency, USD when they differ; `local` with two currencies is refused.
   */
  currency: displayCurrencySchema.optional(),
  /** Set by the page's CSV button: every line must then also allow an export. */
  export: z.boolean().default(false),
  lang: langSchema,
});
export type PriceCompareBody = z.input<typeof priceCompareBody>;

export const compareLineAnswerSchema = z.object({
  /** The line's product, country and region as named in the answer's language. */
  productCode: z.string(),
  productName: z.string(),
  /** kg | l | piece …: the prices are per this unit. */
  unit: z.string(),
  country: z.string(),
  countryName: z.string(),
  regionId: z.string(),
  regionName: z.string(),
  regionLevel: z.enum(['nation', 'province', 'city', 'market']),
  priceType: priceTypeSchema,
  /** The currency the line's prices are kept in (its country's). */
  sourceCurrency: z.string(),
  /** [date, value]: the price in the answer's currency, or the index (first common point = 100). */
  points: z.array(z.tuple([z.string(), z.number()])),
  /** Why the viewer may not see this line, and what would unlock it; its points are then empty. */
  locked: z
    .object({
      reason: unlockSchema.shape.reason,
      /** The refusal in English, and as a message the page shows in its own language. */
      message: z.string(),
      messageRef: messageRefSchema,
      unlock: unlockSchema,
    })
    .nullable(),
  /** How its prices were converted to USD (null when not converted); `missing` counts points without a rate. */
  fx: fxSchema.nullable(),
  /** Where its prices come from. */
  sources: z.array(sourceSchema),
});
export type CompareLineDTO = z.infer<typeof compareLineAnswerSchema>;

export const priceCompareSchema = z.object({
  show: compareShowSchema,
  /** The currency of every price (null for an index, which has none). */
  currency: z.string().nullable(),
  /** For an index: the currency its prices were indexed in ('local': each line its own). */
  indexedIn: z.enum(['local', 'USD']).nullable(),
  granularity: granularitySchema,
  from: z.string(),
  to: z.string(),
  /** For an index: the first date every drawn line has a price (= 100); null when they share none. */
  base: z.string().nullable(),
  lines: z.array(compareLineAnswerSchema),
});
export type PriceCompareDTO = z.infer<typeof priceCompareSchema>;

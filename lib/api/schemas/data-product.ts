import { z } from 'zod';
import { idSchema, messageRefSchema } from './common';
import { orderSchema, payInfoSchema } from './commerce';

// Regional data products (docs/commerce.md): catalogue, buy model, holdings. Money is integer fen.

const fen = z.number().int().nonnegative();
const iso = z.string();
const named = { nameZh: z.string(), nameEn: z.string() };

export const productRefSchema = z.object({ code: z.string(), ...named });

export const levelRefSchema = z.object({ code: z.string(), rank: z.number().int(), ...named });

/** A region whose last price is more than this many days old is sold as an archive (docs/pricing.md). */
export const ARCHIVE_AFTER_DAYS = 92;

/** Share of the per-region price an archive region sells at (docs/pricing.md): its data ended. */
export const ARCHIVE_PRICE_PCT = 30;

/** Where a region's prices come from, over which days and how often (what it holds before it is bought). */
export const saleSourceSchema = z.object({
  name: z.string(),
  licence: z.string(),
  demo: z.boolean(),
  from: iso,
  to: iso,
  /** Daily when a series' last two prices are at most 7 days apart (the About page's rule). */
  frequency: z.enum(['daily', 'monthly']),
});

/** A region a data product is sold for: a province with prices of the product group, or a whole country. */
export const saleRegionSchema = z.object({
  id: z.string(),
  ...named,
  /** ISO 3166 alpha-3 of its country. */
  countryCode: z.string(),
  /**
   * How many provinces it covers (1, or a country's provinces on sale): its price is that many
   * per-region prices, the archive ones at the archive price.
   */
  units: z.number().int().positive(),
  /** Of `units`, the provinces sold as archives: their last price is over 92 days old. */
  archiveUnits: z.number().int().nonnegative(),
  /** Its latest price is recent (a whole country: any of its provinces'): sold as current data. */
  current: z.boolean(),
  /** First and last day of the group's prices there. */
  from: iso,
  to: iso,
  sources: z.array(saleSourceSchema),
  /** Products of the group with prices there: where the market pages can show what was bought. */
  products: z.array(productRefSchema),
});

export const dataProductSchema = z.object({
  code: z.string(),
  ...named,
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  categoryCode: z.string(),
  categoryNameZh: z.string(),
  categoryNameEn: z.string(),
  /** Price of one region for `months` months, before any member discount. */
  pricePerRegionFen: fen,
  /** The same for a region sold as an archive (ARCHIVE_PRICE_PCT of it). */
  archivePricePerRegionFen: fen,
  months: z.number().int(),
  minRank: z.number().int(),
  /** The cheapest level on sale that may buy it; null when any logged-in user may. */
  minLevel: levelRefSchema.nullable(),
  /** Member discount per level on sale (docs/pricing.md). */
  discounts: z.array(levelRefSchema.extend({ pct: z.number().int() })),
  regions: z.array(saleRegionSchema),
});
export type DataProductDTO = z.infer<typeof dataProductSchema>;

/** QueryUserBuyDataProductRegion: one region on sale, priced for this user, with what they hold. */
export const buyRegionSchema = saleRegionSchema.extend({
  listPriceFen: fen,
  priceFen: fen,
  /** End of the user's current authorisation of this region, or null. */
  heldUntil: iso.nullable(),
  /** What buying it now would run until (12 months from the later of now and heldUntil). */
  newEndsAt: iso,
});
export type BuyRegionDTO = z.infer<typeof buyRegionSchema>;

/** QueryDataProductBuyModelById: what buying this product means for this user. */
export const dataProductBuyModelSchema = z.object({
  product: dataProductSchema,
  /** The user's membership level in force, or null. */
  level: levelRefSchema.nullable(),
  discountPct: z.number().int(),
  /** False when the user's rank is below the product's minimum; `refusedReason` then says why. */
  eligible: z.boolean(),
  refusedReason: z.string().nullable(),
  /** `refusedReason` as a message, for the page's language. */
  refusedMessage: messageRefSchema.nullable(),
  regions: z.array(buyRegionSchema),
});
export type DataProductBuyModelDTO = z.infer<typeof dataProductBuyModelSchema>;

/** QueryUserDataProductHoldings: every data product the user holds or held, per region with expiry. */
export const holdingSchema = z.object({
  productCode: z.string(),
  ...named,
  categoryCode: z.string(),
  regions: z.array(
    z.object({
      regionId: z.string(),
      ...named,
      startsAt: iso,
      endsAt: iso,
      active: z.boolean(),
      products: z.array(productRefSchema),
    }),
  ),
});
export type HoldingDTO = z.infer<typeof holdingSchema>;

/** QueryDataProductPayModelById: the order and, while it is payable, how to pay it. */
export const dataProductPayModelSchema = z.object({
  orderId: z.string(),
  order: orderSchema,
  pay: payInfoSchema.nullable(),
});
export type DataProductPayModelDTO = z.infer<typeof dataProductPayModelSchema>;

// ---- inputs ----

const productCode = idSchema.regex(/^[\w-]+$/, 'must be a data product code such as DP-GRAINS');
const regionId = idSchema.regex(/^[\w\-/.:]+$/, 'must be a region id such as shandong');
export const dataProductIdQuery = z.object({ productId: productCode });
/** QueryUserBuyDataProductRegion: OutProductCode carries the data product's code (docs/api.md). */
export const outProductCodeQuery = z.object({ OutProductCode: productCode });
/**
 * QueryUserBuyDataProductRegion also takes a body (docs/api.md): any object, of which nothing is
 * read, so nothing of it is kept either (what a call keeps is walked, lib/server/http/dispatch.ts).
 */
export const buyRegionsBody = z.record(z.string(), z.unknown()).transform((): Record<string, never> => ({}));
export const MAX_REGIONS_PER_ORDER = 40;

/** The client names the product and the regions; the price is always the server's. */
export const submitDataProductBody = z.object({
  productId: productCode,
  regionIds: z
    .array(regionId)
    .min(1, 'choose at least one region')
    .max(MAX_REGIONS_PER_ORDER, `at most ${MAX_REGIONS_PER_ORDER} regions per order`)
    .refine((ids) => new Set(ids).size === ids.length, 'lists a region twice'),
});

import { z } from 'zod';
import { anomalySchema } from './anomaly';
import { isoDaySchema } from './common';
import { NATION_REGION_ID } from './market-ids';

// Market data calls (docs/api.md YoonopData; docs/market-data.md). Browser-safe: shared by the client,
// the server's dispatch (input validation) and the OpenAPI document.

export { DEFAULT_COUNTRY, NATION_REGION_ID } from './market-ids';
/** The longest window one call may ask for (the bench reads 5 years; 20 covers every real series). */
export const MAX_WINDOW_YEARS = 20;

const day = isoDaySchema;
const code = () => z.string().trim().min(1, 'is required').max(64, 'is too long');
const regionId = z.string().trim().min(1, 'is required').max(120, 'is too long');
/** Language of names in the answer (the page's); English when absent. */
export const langSchema = z.enum(['zh-CN', 'en']).optional();
export type MarketLang = 'zh-CN' | 'en';
export const granularitySchema = z.enum(['day', 'week', 'month']);
export const priceTypeSchema = z.enum(['wholesale', 'retail']);
/** Set by the page's export button: the call then also checks the export privilege. */
const exportFlag = z.boolean().default(false);
/** A country by its ISO 3166 alpha-3 code (CHN, BGD). */
export const countrySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be an ISO 3166 alpha-3 code such as CHN or BGD')
  .transform((s) => s.toUpperCase());
/** Figures in the country's own currency (default) or in US dollars at the source's monthly rate. */
export const displayCurrencySchema = z.enum(['local', 'USD']);
const displayCurrency = displayCurrencySchema.default('local');
export type DisplayCurrency = z.infer<typeof displayCurrencySchema>;

export const sourceSchema = z.object({
  name: z.string(),
  licence: z.string(),
  attribution: z.string(),
  demo: z.boolean(),
});
/**
 * How figures in USD were converted (docs/market-data.md, "Exchange rates"): each month at its
 * rate (local units per USD) from one source — a published series (the Federal Reserve's H.10),
 * else the rates implied by the price source's own rows that give both prices; months after the
 * source's last one use its last rate.
 */
export const fxSchema = z.object({
  /** The local currency converted from. */
  from: z.string(),
  /** First and last month with a rate (YYYY-MM); null when there is none. */
  firstMonth: z.string().nullable(),
  lastMonth: z.string().nullable(),
  /** Points with no rate at or before their month (left out of the USD series). */
  missing: z.number().int(),
  /** Where the rates come from (null: no rates). */
  source: z.object({ name: z.string(), licence: z.string(), attribution: z.string() }).nullable(),
  /** Implied by the price source's own USD prices: no published series for this currency. */
  implied: z.boolean(),
  /** The rate the answer's latest figure was converted at (local units per USD), and its month. */
  rate: z.number().nullable(),
  rateMonth: z.string().nullable(),
  /** Months of the answer after the rates' last month (converted at its rate), and the first of them. */
  beyondMonths: z.number().int(),
  beyondFrom: z.string().nullable(),
});
export type FxDTO = z.infer<typeof fxSchema>;
/** Every figure's provenance (docs/market-data.md): where it comes from, how recent, in which unit and currency. */
export const provenanceSchema = z.object({
  sources: z.array(sourceSchema),
  asOf: z.string().nullable(),
  unit: z.string(),
  /** ISO 4217 code of the figures (null for indexes, which have none). */
  currency: z.string().nullable(),
  /** Set when the figures were converted to USD. */
  fx: fxSchema.nullable(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

/** A region: nation → province (admin1) → city (admin2) → market, one tree per country. */
export type RegionNode = {
  id: string;
  name: string;
  level: 'nation' | 'province' | 'city' | 'market';
  /** With a product asked for: the region's own last price of it (a chart's window ends there). */
  to?: string;
  children?: RegionNode[];
};
export const regionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    level: z.enum(['nation', 'province', 'city', 'market']),
    to: z.string().optional(),
    children: z.array(regionNodeSchema).optional(),
  }),
);

export const productRefSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** kg | l | piece: prices are per this unit. */
  unit: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  /** Generated demo data, not observations: the page labels it. */
  demo: z.boolean(),
  /** False for a commodity a source named that no mapping places yet (shown under the source's name). */
  mapped: z.boolean(),
  // The server always sends the three below; optional so that a product built elsewhere (a test,
  // an older answer) need not name them.
  /** The name in the other language (a search finds either: 番茄 finds Tomatoes on an English page). */
  altName: z.string().optional(),
  /** The commodity as the price source names it, where that differs from `name` (shown as a second line). */
  sourceName: z.string().nullable().optional(),
  /** Other names the mapping table knows it by, as its keys (search matches them too). */
  aliases: z.array(z.string()).optional(),
});
export type ProductRef = z.infer<typeof productRefSchema>;

/** `country` picks the country whose nation is the default region (China when absent). */
export const regionQuery = z.object({
  regionId: regionId.optional(),
  country: countrySchema.optional(),
  currency: displayCurrency,
  lang: langSchema,
});

// ProductsMenu: products with prices in a region, with the span of their data there.
export const productsMenuSchema = z.array(
  productRefSchema.extend({
    from: z.string().nullable(),
    to: z.string().nullable(),
    /** The price types with prices there (BGD's WFP prices are mostly retail). */
    priceTypes: z.array(priceTypeSchema),
    /** The currency of its prices there. */
    currency: z.string(),
    /** Where its prices come from (a picker names the source beside the span). */
    sources: z.array(sourceSchema.pick({ name: true, demo: true })),
    /** The country's staple, chosen from its data: the product a page opens on. */
    staple: z.boolean(),
  }),
);
export type ProductsMenuDTO = z.infer<typeof productsMenuSchema>;

// PriceMenu: the region's latest price per product, by category (docs/access-policy.md: any region's latest prices for a logged-in user).
export const latestSchema = z.object({
  date: z.string(),
  price: z.number(),
  prevDate: z.string().nullable(),
  change: z.number().nullable(),
  changePct: z.number().nullable(),
});
export const priceMenuSchema = z.object({
  regionId: z.string(),
  regionName: z.string(),
  /** The currency of every price of the answer (the region's, or USD). */
  currency: z.string(),
  fx: fxSchema.nullable(),
  asOf: z.string().nullable(),
  categories: z.array(
    z.object({
      categoryCode: z.string(),
      categoryName: z.string(),
      products: z.array(productRefSchema.extend({ latest: latestSchema })),
    }),
  ),
  sources: z.array(sourceSchema),
});
export type PriceMenuDTO = z.infer<typeof priceMenuSchema>;

// IndexMenu: the indexes published for a region.
export const indexInfoSchema = z.object({
  code: z.string(),
  name: z.string(),
  scope: z.enum(['composite', 'category', 'product']),
  subject: z.string().nullable(),
  granularity: z.enum(['day', 'month']),
  basePeriod: z.object({ start: z.string(), end: z.string() }),
  equalWeights: z.boolean(),
  /** The country and the prices it follows: one price type, in the country's currency. */
  countryCode: z.string(),
  priceType: priceTypeSchema,
  currency: z.string(),
});
export const indexMenuSchema = z.array(indexInfoSchema);
export type IndexMenuDTO = z.infer<typeof indexMenuSchema>;

// GetRegion: the tree, or only the regions with prices of one product.
export const getRegionBody = z.object({
  productCode: code().optional(),
  /** Only this country's tree (every country with data, China first, when absent). */
  country: countrySchema.optional(),
  lang: langSchema,
});
export const getRegionSchema = z.array(regionNodeSchema);

// PriceTrend
export const priceTrendBody = z.object({
  productCode: code(),
  regionIds: z
    .array(regionId)
    .min(1, 'needs at least one region')
    .max(5, 'at most 5 regions')
    .default([NATION_REGION_ID]),
  /** Default: 90 days before `to`. */
  from: day.optional(),
  /** Default: today. */
  to: day.optional(),
  granularity: granularitySchema.default('day'),
  priceType: priceTypeSchema.default('wholesale'),
  /** Add the same window of up to 3 earlier years (those the viewer may see). */
  seasonal: z.boolean().default(false),
  /**
   * Draw at most this many points per line (a chart has only so many pixels): longer series are
   * thinned on the server with a shape-keeping method; statistics still use every observation, and
   * an export ignores it. See docs/decisions/downsampled-series.md.
   */
  points: z.number().int().min(100).max(2000).optional(),
  currency: displayCurrency,
  export: exportFlag,
  lang: langSchema,
});
export type PriceTrendBody = z.input<typeof priceTrendBody>;
/**
 * A point as [date, price, low, high]: a 5-year daily series of three regions is 5,000+ points,
 * and tuples keep that answer a third smaller (and faster to write and read) than objects.
 * For a region, low/high are its markets' lowest and highest; for a market, the day's own.
 */
export const trendPointSchema = z.tuple([z.string(), z.number(), z.number().nullable(), z.number().nullable()]);
export type TrendPoint = z.infer<typeof trendPointSchema>;
export const trendStatsSchema = z.object({
  latest: z.number().nullable(),
  change: z.number().nullable(),
  changePct: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
});
export const priceTrendSchema = z.object({
  product: productRefSchema,
  /** The currency of every price of the answer. */
  currency: z.string(),
  granularity: granularitySchema,
  priceType: priceTypeSchema,
  from: z.string(),
  to: z.string(),
  series: z.array(
    z.object({
      regionId: z.string(),
      regionName: z.string(),
      regionLevel: z.string(),
      points: z.array(trendPointSchema),
      /** How many observations the window holds; more than `points.length` when the line was thinned. */
      observations: z.number().int(),
      /** The day of its last price in the window (a week's or month's bucket is dated by its first day). */
      last: z.string().nullable(),
      stats: trendStatsSchema,
      /** The series' anomaly level, in the region's own currency (docs/market-data.md, "Anomaly levels"). */
      anomaly: anomalySchema.nullable(),
      /**
       * Earlier years re-dated onto this window, so the lines overlay: points as [date, price];
       * `from` and `to` the first and last of their own dates, `shift` the years they were moved on.
       */
      seasonal: z.array(
        z.object({
          year: z.number().int(),
          shift: z.number().int(),
          from: z.string(),
          to: z.string(),
          points: z.array(z.tuple([z.string(), z.number()])),
        }),
      ),
    }),
  ),
  /** Earlier years of the overlay the viewer's access does not reach (shown as locked). */
  seasonalLocked: z.array(z.number().int()),
  /** Every visitor may see this view and its sources may be republished: it may be embedded (/embed/trend). */
  embeddable: z.boolean(),
  provenance: provenanceSchema,
});
export type PriceTrendDTO = z.infer<typeof priceTrendSchema>;

// PriceIndex
export const priceIndexBody = z.object({
  indexCode: code().default('composite'),
  regionId: regionId.default(NATION_REGION_ID),
  from: day.optional(),
  to: day.optional(),
  /** Daily levels, or monthly averages with month-on-month and year-on-year of those. */
  granularity: z.enum(['day', 'month']).default('day'),
  export: exportFlag,
  lang: langSchema,
});
export type PriceIndexBody = z.input<typeof priceIndexBody>;
/** A point as [date, level, day-on-day %, month-on-month %, year-on-year %] (null where there is no earlier point). */
export const indexPointSchema = z.tuple([
  z.string(),
  z.number(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().nullable(),
]);
export type IndexPoint = z.infer<typeof indexPointSchema>;
export const priceIndexSchema = z.object({
  index: indexInfoSchema.extend({
    weights: z.array(z.object({ productCode: z.string(), name: z.string(), weight: z.number() })),
  }),
  regionId: z.string(),
  regionName: z.string(),
  granularity: z.enum(['day', 'month']),
  from: z.string(),
  to: z.string(),
  points: z.array(indexPointSchema),
  methodology: z.string(),
  provenance: provenanceSchema,
});
export type PriceIndexDTO = z.infer<typeof priceIndexSchema>;

// PriceAgTrend (the forecast of chartForecast)
export const priceAgTrendBody = z.object({
  productCode: code(),
  regionId: regionId.default(NATION_REGION_ID),
  /** Months ahead. */
  horizon: z.number().int().min(1).max(12).default(6),
  priceType: priceTypeSchema.default('wholesale'),
  currency: displayCurrency,
  export: exportFlag,
  lang: langSchema,
});
export type PriceAgTrendBody = z.input<typeof priceAgTrendBody>;
export const forecastPointSchema = z.object({
  date: z.string(),
  mid: z.number(),
  lo80: z.number(),
  hi80: z.number(),
  lo95: z.number(),
  hi95: z.number(),
});
export const priceAgTrendSchema = z.object({
  product: productRefSchema,
  currency: z.string(),
  regionId: z.string(),
  regionName: z.string(),
  granularity: z.literal('month'),
  /** Monthly averages (YYYY-MM); `interpolated` months had no price: drawn as such, never used by the model. */
  history: z.array(z.object({ date: z.string(), price: z.number(), interpolated: z.boolean() })),
  /** Months with a price among those shown; the months the model used (after the last gap of over a year). */
  observed: z.object({
    months: z.number().int(),
    of: z.number().int(),
    modelFrom: z.string(),
    modelObserved: z.number().int(),
    needed: z.number().int(),
  }),
  /** Why there is no forecast: the series ended before the months it would cover, or too few months have prices. */
  noForecast: z
    .object({
      reason: z.enum(['ended', 'tooFew']),
      lastMonth: z.string(),
      observed: z.number().int(),
      needed: z.number().int(),
    })
    .nullable(),
  forecast: z.array(forecastPointSchema),
  model: z.object({
    /** The method shown (null without a forecast): ETS, or seasonal naive where ETS did not beat it. */
    name: z.string().nullable(),
    method: z.enum(['ets', 'snaive']).nullable(),
    /** Back-test MASE of the model and of the seasonal-naive benchmark (null when the scale is zero). */
    mase: z.number().nullable(),
    naiveMase: z.number().nullable(),
    backtestOrigins: z.number().int(),
    /** The model does not beat seasonal naive on the back-test: seasonal naive is shown instead. */
    lowConfidence: z.boolean(),
    /** The day of the last price the forecast was made from. */
    madeOn: z.string(),
    /** Bands calibrated on the published forecast record, and how often they held there. */
    calibrated: z.boolean(),
    cover80: z.number().nullable(),
    cover95: z.number().nullable(),
  }),
  provenance: provenanceSchema,
});
export type PriceAgTrendDTO = z.infer<typeof priceAgTrendSchema>;

// WebPrice
export const webPriceQuery = z.object({
  country: countrySchema.optional(), // one country's markets (every country's when absent)
  productCode: code().optional(), // the board's scope (docs/access-policy.md): one product,
  regionId: regionId.optional(), // the markets of one region, refused as its PriceMenu is
  /** Each price in its own currency, or every price in USD. */
  currency: displayCurrency,
  lang: langSchema,
});
/** One latest price; `product` and `market` are codes of the answer's `products` and `markets`, `source` an index into `sources`. */
export const webPriceItemSchema = z.object({
  product: z.string(),
  market: z.string(),
  date: z.string(),
  price: z.number(),
  prevDate: z.string().nullable(),
  change: z.number().nullable(),
  changePct: z.number().nullable(),
  priceType: priceTypeSchema,
  /** ISO 4217 code of the price. */
  currency: z.string(),
  source: z.number().int(),
  /** The market series' anomaly level (docs/market-data.md, "Anomaly levels"); null before one was assessed. */
  anomaly: anomalySchema.nullable(),
});
export type WebPriceItem = z.infer<typeof webPriceItemSchema>;
export const webPriceSchema = z.object({
  asOf: z.string().nullable(),
  products: z.array(productRefSchema),
  markets: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      provinceId: z.string(),
      provinceName: z.string(),
      countryCode: z.string(),
      /** Where the market is (WGS 84, as the source gives it); null when the source gives none. */
      lat: z.number().nullable(),
      lon: z.number().nullable(),
    }),
  ),
  /** Newest first, then by category, product and province. */
  items: z.array(webPriceItemSchema),
  sources: z.array(sourceSchema),
  /** How prices were converted to USD, per local currency (empty when shown as given). */
  fx: z.array(fxSchema),
});
export type WebPriceDTO = z.infer<typeof webPriceSchema>;

// QueryUserDataProductAuthsRegion (OutProductCode carries the data product's code: docs/api.md)
export const dataProductAuthsQuery = z.object({ OutProductCode: code(), lang: langSchema });
export const dataProductAuthsSchema = z.array(
  z.object({
    regionId: z.string(),
    regionName: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    active: z.boolean(),
  }),
);
export type DataProductAuthsDTO = z.infer<typeof dataProductAuthsSchema>;

/** The data of a 403 from a data call: why, and what would unlock it (docs/access-policy.md). */
export const unlockSchema = z.object({
  reason: z.enum(['login', 'history', 'region', 'forecast', 'export']),
  login: z.boolean().optional(),
  level: z.object({ code: z.string(), name: z.string() }).optional(),
  dataProduct: z.object({ code: z.string(), name: z.string() }).optional(),
  /** The earliest day the viewer may see now. */
  allowedFrom: z.string().optional(),
  /** The region that was refused. */
  regionId: z.string().optional(),
});
export type UnlockDTO = z.infer<typeof unlockSchema>;

// CountryMenu: the countries with prices (China first), their currency, coverage and index basis.
export const countryMenuSchema = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    currency: z.string(),
    /** The nation region: the root of the country's tree. */
    regionId: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    markets: z.number().int(),
    products: z.number().int(),
    /** The composite index's basis, where the data allows one. */
    index: z
      .object({
        priceType: priceTypeSchema,
        granularity: z.enum(['day', 'month']),
        basePeriod: z.object({ start: z.string(), end: z.string() }),
        equalWeights: z.boolean(),
      })
      .nullable(),
    /** Whether USD rates exist for its currency (the source gives USD prices). */
    usd: z.boolean(),
  }),
);
export type CountryMenuDTO = z.infer<typeof countryMenuSchema>;

// UnmappedProducts (staff): commodities imports met that no mapping names, to map or merge.
export const unmappedProductsSchema = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    categoryCode: z.string(),
    unit: z.string(),
    rows: z.number().int(),
    countries: z.array(z.string()),
    sources: z.array(z.string()),
    createdAt: z.string(),
  }),
);
export type UnmappedProductsDTO = z.infer<typeof unmappedProductsSchema>;

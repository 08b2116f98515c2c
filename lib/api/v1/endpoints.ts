import { z } from 'zod';
import { isoDaySchema } from '../schemas/common';
import { countrySchema, displayCurrencySchema, granularitySchema, priceTypeSchema } from '../schemas/market';

/**
 * The data API, /api/v1/… (docs/data-api.md): a small, stable REST surface beside the portal's
 * calls, for programs. Every endpoint is a GET with its input in the query string, authenticated
 * by an API key; this table drives the server's parsing, the OpenAPI document and the docs page.
 * Fields are added, never renamed or removed, within v1.
 */
const text = (max: number) => z.string().trim().min(1, 'is required').max(max, 'is too long');
const lang = z.enum(['en', 'zh-CN']).default('en').describe('Language of names in the answer');
const format = z.enum(['json', 'csv']).default('json').describe('json (default) or csv');
const country = countrySchema.optional().describe('ISO 3166 alpha-3 code of the country (CHN when absent)');
const region = text(120).optional().describe("Region id (from /regions); the country's nation when absent");
const window = {
  from: isoDaySchema.optional().describe('First day (YYYY-MM-DD); 90 days before `to` when absent'),
  to: isoDaySchema.optional().describe('Last day (YYYY-MM-DD); today when absent'),
};
const currency = displayCurrencySchema
  .default('local')
  .describe("local: the country's own currency; USD: converted at the month's rate");

export const v1Queries = {
  countries: z.object({ lang }),
  regions: z.object({ country: countrySchema.describe('ISO 3166 alpha-3 code of the country'), lang }),
  products: z.object({ country, region, lang }),
  series: z.object({
    product: text(64).describe('Product code (from /products)'),
    country,
    region,
    priceType: priceTypeSchema.default('wholesale'),
    granularity: granularitySchema.default('day'),
    ...window,
    currency,
    format,
    lang,
  }),
  latest: z.object({ country, region, currency, format, lang }),
  index: z.object({
    index: text(64).default('composite').describe('Index code (composite, a category or a product index)'),
    country,
    region,
    granularity: z.enum(['day', 'month']).default('day'),
    ...window,
    format,
    lang,
  }),
  forecast: z.object({
    product: text(64).describe('Product code (from /products)'),
    country,
    region,
    horizon: z.coerce.number().int().min(1).max(12).default(6).describe('Months ahead (1–12)'),
    priceType: priceTypeSchema.default('wholesale'),
    currency,
    format,
    lang,
  }),
  anomalies: z.object({
    country,
    minLevel: z.enum(['stress', 'alert', 'crisis']).optional().describe('Only series at or above this level'),
    format,
    lang,
  }),
};
export type V1Endpoint = keyof typeof v1Queries;
export const v1Endpoints = Object.keys(v1Queries) as V1Endpoint[];

export const v1Summaries: Record<V1Endpoint, string> = {
  countries: 'Countries with prices, their currency and the span of their data',
  regions: "A country's regions (nation, provinces, cities, markets) as a flat list with parents",
  products: 'Products with prices in a region, with the span of their data there',
  series: 'One price series: a product in a region, by price type and granularity, over a window',
  latest: "Every product's latest price in a region, with its change from the price before",
  index: 'A price index of a region over a window',
  forecast: 'The monthly forecast of a product in a region, with 80 % and 95 % bands',
  anomalies: "A country's series with their anomaly levels (WFP ALPS: normal, stress, alert, crisis), flagged first",
};

/** Endpoints that also answer CSV (`format=csv`): those whose data is a table. */
export const v1Csv: Record<V1Endpoint, boolean> = {
  countries: false,
  regions: false,
  products: false,
  series: true,
  latest: true,
  index: true,
  forecast: true,
  anomalies: true,
};

/** What every answer carries beside its data: where the figures come from and how to cite them. */
export const v1MetaSchema = z.object({
  sources: z.array(z.object({ name: z.string(), licence: z.string(), attribution: z.string() })),
  /** The licences of the sources, joined. */
  licence: z.string(),
  /** A line to cite the data by: sources, the portal, the retrieval date and the URL. */
  citation: z.string(),
  /** The day the answer was made (UTC). */
  retrieved: z.string(),
  url: z.string(),
});
export type V1Meta = z.infer<typeof v1MetaSchema>;

/** Stable error codes of the data API (docs/data-api.md); the HTTP status says the same. */
export const V1_ERRORS = {
  invalid_parameter: 400,
  missing_key: 401,
  invalid_key: 401,
  no_api_access: 403,
  not_entitled: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const;
export type V1ErrorCode = keyof typeof V1_ERRORS;
export const v1ErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(V1_ERRORS) as [V1ErrorCode, ...V1ErrorCode[]]),
    message: z.string(),
    /** not_entitled: why, and what would unlock it (as the portal's pages say it). */
    unlock: z.unknown().optional(),
    /** rate_limited: seconds until a call is taken again (also in Retry-After). */
    retryAfterSeconds: z.number().int().optional(),
  }),
});

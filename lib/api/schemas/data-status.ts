import { z } from 'zod';
import { langSchema } from './market';

// DataStatus (docs/market-data.md, "Data status"): what the portal holds per country and price
// source, and the exchange rates USD figures use. Public, like the page that shows it.

export const dataStatusQuery = z.object({ lang: langSchema });

const sourceRef = z.object({ name: z.string(), licence: z.string(), attribution: z.string(), demo: z.boolean() });
export const frequencySchema = z.enum(['daily', 'monthly']);
export type Frequency = z.infer<typeof frequencySchema>;

export const priceStatusSchema = z.object({
  countryCode: z.string(),
  country: z.string(),
  currency: z.string(),
  source: sourceRef,
  /** First and last day with a price. */
  from: z.string(),
  to: z.string(),
  products: z.number().int(),
  markets: z.number().int(),
  frequency: frequencySchema,
  /** The last price is at most 92 days old; an older source is an archive. */
  current: z.boolean(),
  /** When an import last read this source's prices of the country (ISO time); null before that was recorded. */
  lastImport: z.string().nullable(),
});
export type PriceStatus = z.infer<typeof priceStatusSchema>;

export const rateStatusSchema = z.object({
  currency: z.string(),
  source: sourceRef,
  /** Implied by the price source's own USD prices, not published. */
  implied: z.boolean(),
  /** The rates USD figures of this currency use: a published series before implied ones. */
  used: z.boolean(),
  /** First and last month (YYYY-MM) and how many months have a rate. */
  from: z.string(),
  to: z.string(),
  months: z.number().int(),
  lastImport: z.string().nullable(),
});
export type RateStatus = z.infer<typeof rateStatusSchema>;

export const dataStatusSchema = z.object({
  /** The day the current/archive split was decided for. */
  asOf: z.string(),
  /** Days a last price may be old and still be current. */
  currentDays: z.number().int(),
  prices: z.array(priceStatusSchema),
  rates: z.array(rateStatusSchema),
});
export type DataStatusDTO = z.infer<typeof dataStatusSchema>;

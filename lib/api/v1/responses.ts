import { z } from 'zod';
import { anomalySchema } from '../schemas/anomaly';
import { forecastPointSchema, priceTypeSchema } from '../schemas/market';
import type { V1Endpoint } from './endpoints';

// The `data` of each data API answer (docs/data-api.md). Outside production the server checks
// every answer against these, so the OpenAPI document cannot drift from what is sent.

const n = z.number().nullable();
const regionRef = z.object({ id: z.string(), name: z.string() });
const level = z.enum(['nation', 'province', 'city', 'market']);

export const v1Responses = {
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      currency: z.string(),
      nationRegionId: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      markets: z.number().int(),
      products: z.number().int(),
    }),
  ),
  regions: z.array(z.object({ id: z.string(), name: z.string(), level, parentId: z.string().nullable() })),
  products: z.object({
    region: regionRef.extend({ level, country: z.string() }),
    products: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        unit: z.string(),
        category: z.string(),
        categoryName: z.string(),
        demo: z.boolean(),
        currency: z.string(),
        priceTypes: z.array(priceTypeSchema),
        from: z.string().nullable(),
        to: z.string().nullable(),
      }),
    ),
  }),
  series: z.object({
    product: z.object({ code: z.string(), name: z.string(), unit: z.string(), category: z.string() }),
    region: regionRef.extend({ level: z.string(), country: z.string() }),
    priceType: priceTypeSchema,
    granularity: z.enum(['day', 'week', 'month']),
    currency: z.string(),
    from: z.string(),
    to: z.string(),
    asOf: z.string().nullable(),
    points: z.array(z.object({ date: z.string(), price: z.number(), low: n, high: n })),
  }),
  latest: z.object({
    region: regionRef,
    currency: z.string(),
    asOf: z.string().nullable(),
    prices: z.array(
      z.object({
        product: z.string(),
        name: z.string(),
        unit: z.string(),
        category: z.string(),
        date: z.string(),
        price: z.number(),
        previousDate: z.string().nullable(),
        change: n,
        changePct: n,
      }),
    ),
  }),
  index: z.object({
    index: z.object({
      code: z.string(),
      name: z.string(),
      scope: z.string(),
      basePeriod: z.object({ start: z.string(), end: z.string() }),
      priceType: priceTypeSchema,
      weights: z.array(z.object({ productCode: z.string(), name: z.string(), weight: z.number() })),
    }),
    region: regionRef,
    granularity: z.enum(['day', 'month']),
    from: z.string(),
    to: z.string(),
    points: z.array(z.object({ date: z.string(), level: z.number(), dayOnDay: n, monthOnMonth: n, yearOnYear: n })),
    methodology: z.string(),
  }),
  forecast: z.object({
    product: z.object({ code: z.string(), name: z.string(), unit: z.string() }),
    region: regionRef,
    currency: z.string(),
    history: z.array(z.object({ month: z.string(), price: z.number(), interpolated: z.boolean() })),
    forecast: z.array(forecastPointSchema.omit({ date: true }).extend({ month: z.string() })),
    model: z.record(z.string(), z.unknown()),
  }),
  anomalies: z.object({
    country: z.string(),
    series: z.array(
      z.object({
        product: z.string(),
        productName: z.string(),
        region: regionRef.extend({ level: z.string() }),
        priceType: priceTypeSchema,
        currency: z.string(),
        anomaly: anomalySchema,
      }),
    ),
  }),
} satisfies Record<V1Endpoint, z.ZodType>;

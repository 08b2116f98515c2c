import { z } from 'zod';
import { anomalySchema } from './anomaly';
import { countrySchema, langSchema, priceTypeSchema } from './market';

// The calls of anomaly levels, watchlists and alerts (docs/alerts.md). Browser-safe.

const minLevels = ['stress', 'alert', 'crisis'] as const;

/** AnomalyLevels: one country's series, optionally only those at or above a level ("alert or crisis"). */
export const anomalyLevelsQuery = z.object({
  country: countrySchema.default('CHN'),
  minLevel: z.enum(minLevels).optional(),
  lang: langSchema,
});

export const anomalyLevelsSchema = z.object({
  country: z.string(),
  /**
   * Every series of the country (markets and the nation; provinces for a logged-in user), flagged
   * first; with `minLevel`, only those at or above it (stale ones never: they have no level).
   */
  series: z.array(
    z.object({
      product: z.string(),
      productName: z.string(),
      regionId: z.string(),
      regionName: z.string(),
      regionLevel: z.string(),
      priceType: priceTypeSchema,
      currency: z.string(),
      anomaly: anomalySchema,
    }),
  ),
});
export type AnomalyLevelsDTO = z.infer<typeof anomalyLevelsSchema>;

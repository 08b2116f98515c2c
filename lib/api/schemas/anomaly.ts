import { z } from 'zod';
import { ANOMALY_LEVELS } from '@/lib/shared/anomaly';

// Anomaly levels (docs/market-data.md, "Anomaly levels"). Browser-safe.

export const anomalyLevelSchema = z.enum(ANOMALY_LEVELS);

/**
 * A series' anomaly level, or why it has none: `short` (under three years of prices), `gaps` (under
 * 70 % of its months have a price) or `stale` (no price in the last six months; `lastDay` says since when).
 */
export const anomalySchema = z.object({
  level: anomalyLevelSchema.nullable(),
  /** (latest − fitted) / sd of the residuals, two decimals; also for a low (normal) price. Null without a level. */
  score: z.number().nullable(),
  why: z.enum(['short', 'gaps', 'stale']).nullable(),
  /** The month assessed (YYYY-MM) and its price, the model's fitted price and the residuals' sd, in the series' currency. */
  month: z.string(),
  latest: z.number().nullable(),
  fitted: z.number().nullable(),
  sd: z.number().nullable(),
  /** Months with a price, and months from the first to the latest. */
  months: z.number().int(),
  span: z.number().int(),
  /** The series' last day with a price. */
  lastDay: z.string(),
});
export type AnomalyDTO = z.infer<typeof anomalySchema>;

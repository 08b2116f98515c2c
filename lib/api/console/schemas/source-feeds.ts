import { z } from 'zod';
import { messageRefSchema } from '../../schemas/common';

/** The schedules a source may refresh on, in minutes (hourly … weekly). */
export const FEED_EVERY_MINUTES = [60, 360, 720, 1440, 10080] as const;

/** A price source that refreshes itself from a URL (docs/console.md "Sources that refresh themselves"). */
export const sourceFeedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  everyMinutes: z.number().int(),
  enabled: z.boolean(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  /** ok / partial: imported; unchanged: the server answered 304; refused: not a price file; failed: fetch or import error. */
  lastOutcome: z.enum(['ok', 'partial', 'unchanged', 'refused', 'failed']).nullable(),
  /** The last run's error in English (with the import's reason for a refused file). */
  lastError: z.string().nullable(),
  /** The same as a message key and parameters, shown in the console's language; null for older rows. */
  lastErrorRef: messageRefSchema.nullable(),
  lastRows: z.number().int().nullable(),
  lastImportId: z.number().int().nullable(),
  /** The countries its last import wrote. */
  countries: z.array(z.string()),
});
export type SourceFeed = z.infer<typeof sourceFeedSchema>;
export const sourceFeedsSchema = z.array(sourceFeedSchema);

/** ConsoleSaveSourceFeed: a new source (no id) or the changes to one. */
export const saveSourceFeedBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string().trim().min(1, 'is required').max(80, 'is too long'),
  url: z.string().trim().min(1, 'is required').max(2000, 'is too long').url('is not a URL'),
  everyMinutes: z.coerce
    .number()
    .int()
    .refine((n) => (FEED_EVERY_MINUTES as readonly number[]).includes(n), 'is not one of the schedules offered'),
  enabled: z.boolean().default(true),
});
export type SaveSourceFeedBody = z.infer<typeof saveSourceFeedBody>;

export const sourceFeedIdBody = z.object({ id: z.coerce.number().int().positive() });

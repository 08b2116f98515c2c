import { z } from 'zod';
import { idSchema } from './common';

// The data API's keys, managed by their owner in the equities centre (docs/data-api.md).

export const apiKeyNameSchema = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');

export const createApiKeyBody = z.object({ name: apiKeyNameSchema });
export const revokeApiKeyBody = z.object({ id: idSchema });

export const apiAllowanceSchema = z.object({
  /** Calls a day for all the account's keys together; 0: the account has no API access. */
  callsPerDay: z.number().int(),
  callsPerMinute: z.number().int(),
  /** What gives the access: the membership level, a data product, or nothing. */
  via: z.enum(['level', 'dataProduct']).nullable(),
});

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the key itself is shown only once). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Calls made today (UTC) with this key. */
  callsToday: z.number().int(),
  /** Calls per UTC day over the last 7 days, oldest first. */
  last7Days: z.array(z.object({ day: z.string(), calls: z.number().int() })),
});
export type ApiKeyDTO = z.infer<typeof apiKeySchema>;

export const apiKeysSchema = z.object({
  allowance: apiAllowanceSchema,
  /** Calls made today with all the account's keys. */
  callsToday: z.number().int(),
  keys: z.array(apiKeySchema),
});
export type ApiKeysDTO = z.infer<typeof apiKeysSchema>;

/** A new key: `key` is shown this once and never again. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKeyDTO = z.infer<typeof createdApiKeySchema>;

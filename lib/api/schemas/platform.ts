import { z } from 'zod';
import { isSafeReturnPath, MAX_RETURN_PATH } from '@/lib/routing/return-path';
import { identifierQuery, sessionTokenSchema } from './user';

/** PlatformTokenLicense: a portal session, and where the platform asked to land. */
export const handoffLicenseSchema = sessionTokenSchema.extend({
  returnPath: z.string(),
  isNewUser: z.boolean(),
  plaformKey: z.string(),
});
export type HandoffLicense = z.infer<typeof handoffLicenseSchema>;

/** UserPlatformAuth: `identifier` is the platform key; `returnPath` is a path on that platform (default its home). */
export const userPlatformAuthQuery = identifierQuery.extend({
  returnPath: z
    .string()
    .trim()
    .max(MAX_RETURN_PATH, `must be at most ${MAX_RETURN_PATH} characters`)
    .refine(isSafeReturnPath, 'must be a relative path starting with /')
    .default('/'),
});

export const handoffUrlSchema = z.object({ url: z.string(), plaformKey: z.string(), expiresAt: z.string() });
export type HandoffUrl = z.infer<typeof handoffUrlSchema>;

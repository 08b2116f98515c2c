import { z } from 'zod';
import { identifierQuery, sessionTokenSchema } from './user';

/** PlatformTokenLicense: a portal session, and where the platform asked to land. */
export const handoffLicenseSchema = sessionTokenSchema.extend({
  returnPath: z.string(),
  isNewUser: z.boolean(),
  plaformKey: z.string(),
});
export type HandoffLicense = z.infer<typeof handoffLicenseSchema>;

/**
 * UserPlatformAuth: `identifier` is the platform key; `returnPath` is a path on that
 * platform (default its home). The handler checks that it is relative (isSafeReturnPath),
 * which keeps that check out of every page's bundle.
 */
export const userPlatformAuthQuery = identifierQuery.extend({
  returnPath: z.string().trim().max(512, 'is too long').default('/'),
});

export const handoffUrlSchema = z.object({ url: z.string(), plaformKey: z.string(), expiresAt: z.string() });
export type HandoffUrl = z.infer<typeof handoffUrlSchema>;

import { z } from 'zod';
import { identifierQuery, sessionTokenSchema, tokenQuery } from './user';

/** PlatformTokenLicense: a portal session, and where the platform asked to land. */
export const handoffLicenseSchema = sessionTokenSchema.extend({
  returnPath: z.string(),
  isNewUser: z.boolean(),
  plaformKey: z.string(),
});
export type HandoffLicense = z.infer<typeof handoffLicenseSchema>;

/**
 * PlatformTokenLicense's query: the token, and `switchAccount=1` once the person at the browser
 * has said that a link for another account may replace the session the browser holds.
 */
export const handoffLicenseQuery = tokenQuery.extend({ switchAccount: z.enum(['1']).optional() });

/** The refusal's `data` when the link is for another account than the one logged in (phones masked). */
export type HandoffSwitch = { reason: 'switch'; current: string; next: string };

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

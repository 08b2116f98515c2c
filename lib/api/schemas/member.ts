import { z } from 'zod';

export const memberPrivilegesSchema = z.object({
  historyMonths: z.number().int(),
  regionDepth: z.enum(['national', 'province', 'market']),
  forecast: z.boolean(),
  export: z.boolean(),
  dataProductDiscountPct: z.number().int(),
  /** Data API calls a day (docs/pricing.md); absent or 0: no API access by the level. */
  apiCallsPerDay: z.number().int().min(0).optional(),
});
export type MemberPrivileges = z.infer<typeof memberPrivilegesSchema>;

/** The user's active membership (an expired one counts as none: docs/pricing.md). */
export const userMemberSchema = z.object({
  levelId: z.string(),
  levelCode: z.string(),
  levelName: z.string(),
  rank: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  privileges: memberPrivilegesSchema,
});
export type UserMemberDTO = z.infer<typeof userMemberSchema>;

export const memberIdQuery = z.object({ memberId: z.string().trim().min(1, 'is required').max(64, 'is too long') });

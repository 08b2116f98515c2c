import { z } from 'zod';

// The console's customers section (docs/console.md "Customers").

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = z.string().trim().regex(UUID, 'is not an id');
const noNul = (s: string) => !s.includes('\u0000');
/** Why staff changed a customer's account: it goes into the audit log. */
export const reasonSchema = z
  .string()
  .trim()
  .min(4, 'must say why (at least 4 characters)')
  .max(500, 'must be at most 500 characters')
  .refine(noNul, 'must not contain NUL characters');

export const customerFindBody = z.object({
  /** The phone number, or at least its last 4 digits. */
  phone: z
    .string()
    .trim()
    .regex(/^\d{4,11}$/, 'must be 4 to 11 digits of a phone number'),
});

const names = z.object({ nameZh: z.string(), nameEn: z.string() });

export const customerHitSchema = z.object({
  id: z.string(),
  phone: z.string(),
  nickname: z.string(),
  createdAt: z.string(),
  locked: z.boolean(),
  staff: z.boolean(),
});
export type CustomerHit = z.infer<typeof customerHitSchema>;

export const customerIdBody = z.object({ userId: uuid });

export const customerSchema = z.object({
  id: z.string(),
  phone: z.string(),
  nickname: z.string(),
  createdAt: z.string(),
  roles: z.array(z.string()),
  lockedAt: z.string().nullable(),
  lockReason: z.string().nullable(),
  memberships: z.array(
    z.object({
      id: z.string(),
      levelCode: z.string(),
      level: names,
      startsAt: z.string(),
      endsAt: z.string(),
      active: z.boolean(),
    }),
  ),
  holdings: z.array(
    z.object({
      id: z.string(),
      productCode: z.string(),
      product: names,
      regionId: z.string(),
      region: names,
      startsAt: z.string(),
      endsAt: z.string(),
      active: z.boolean(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      orderNo: z.string(),
      kind: z.string(),
      status: z.string(),
      amountFen: z.number().int(),
      title: names,
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  feedback: z.array(z.object({ id: z.string(), title: z.string(), state: z.string(), updatedAt: z.string() })),
  sessions: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
      expiresAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type Customer = z.infer<typeof customerSchema>;

/** What staff may grant: the levels and the data products with their regions' names. */
export const grantOptionsSchema = z.object({
  levels: z.array(names.extend({ code: z.string() })),
  products: z.array(names.extend({ code: z.string() })),
  /** The provinces a data product's region may be (its regions are sold by province). */
  regions: z.array(names.extend({ id: z.string() })),
});

export const MAX_GRANT_MONTHS = 24;
const months = z.coerce
  .number()
  .int('must be a whole number of months')
  .min(1, 'must be at least 1')
  .max(MAX_GRANT_MONTHS, `must be at most ${MAX_GRANT_MONTHS}`);

export const grantMembershipBody = z.object({
  userId: uuid,
  levelCode: z.string().trim().min(1, 'is required').max(32, 'is too long'),
  months,
  reason: reasonSchema,
});
export const grantRegionBody = z.object({
  userId: uuid,
  productCode: z.string().trim().min(1, 'is required').max(64, 'is too long'),
  regionId: z.string().trim().min(1, 'is required').max(64, 'is too long'),
  months,
  reason: reasonSchema,
});
export const endSessionsBody = z.object({
  userId: uuid,
  /** One session; absent: every session of the account. */
  sessionId: uuid.optional(),
  reason: reasonSchema,
});
export const lockBody = z.object({ userId: uuid, locked: z.boolean(), reason: reasonSchema });

import { z } from 'zod';
import { ORDER_KINDS, ORDER_STATUSES } from '../../schemas/commerce-values';
import { isoDateTimeSchema } from '../../schemas/common';
import { orderSchema } from '../../schemas/commerce';
import { reasonSchema } from './customers';

// The console's orders (docs/console.md "Orders and refunds").

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = z.string().trim().regex(UUID, 'is not an id');
const fen = z.coerce
  .number()
  .int('must be a whole number of fen')
  .min(0, 'must not be negative')
  .max(1_000_000_000, 'is too large');

/** ConsoleOrders: every filter optional; newest first, paged. */
export const orderQueryBody = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    kind: z.enum(ORDER_KINDS).optional(),
    /** The buyer's whole phone number, or its last digits (at least 4). */
    phone: z
      .string()
      .trim()
      .regex(/^\d{4,11}$/, 'must be 4 to 11 digits of a phone number')
      .optional(),
    /** Made at or after `from`, before `to`. */
    from: isoDateTimeSchema.optional(),
    to: isoDateTimeSchema.optional(),
    /** The amount between these, in fen, both included. */
    minFen: fen.optional(),
    maxFen: fen.optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => q.minFen === undefined || q.maxFen === undefined || q.minFen <= q.maxFen, {
    path: ['maxFen'],
    message: 'must not be below the least amount',
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    message: 'must be after the start',
  });
export type OrderQuery = z.output<typeof orderQueryBody>;

const buyer = z.object({ id: z.string(), phone: z.string(), nickname: z.string() });

export const consoleOrderItemSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  amountFen: z.number().int(),
  titleZh: z.string(),
  titleEn: z.string(),
  provider: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  buyer,
});
export type ConsoleOrderItem = z.infer<typeof consoleOrderItemSchema>;

export const consoleOrderPageSchema = z.object({
  items: z.array(consoleOrderItemSchema),
  total: z.number().int(),
  /** The amount of the orders matching, in fen, by status (the filters' summary). */
  sums: z.object({
    paidFen: z.number().int(),
    refundedFen: z.number().int(),
  }),
});
export type ConsoleOrderPage = z.infer<typeof consoleOrderPageSchema>;

export const orderIdBody = z.object({ orderId: uuid });

/** A refund as it was made: by whom, why, and what the provider answered. */
export const refundSchema = z.object({
  provider: z.string(),
  providerRefundId: z.string(),
  amountFen: z.number().int(),
  reason: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});

export const consoleOrderSchema = z.object({
  order: orderSchema,
  buyer,
  refundedAt: z.string().nullable(),
  refund: refundSchema.nullable(),
  /** Whether staff may refund it now: paid, and not refunded yet. */
  refundable: z.boolean(),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;

export const refundBody = z.object({ orderId: uuid, reason: reasonSchema });

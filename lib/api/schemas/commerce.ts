import { z } from 'zod';
import { idSchema, messageRefSchema, pagedOf, pageSchema } from './common';
import { memberPrivilegesSchema, userMemberSchema } from './member';
import { MEMBER_ACTIONS, MEMBER_MONTHS, type MemberMonths, ORDER_KINDS, ORDER_STATUSES } from './commerce-values';

// Memberships, orders and payment (docs/pricing.md, docs/commerce.md). Money is integer fen.

export * from './commerce-values';

const fen = z.number().int().nonnegative();
const key = () => z.string().trim().min(1, 'is required').max(64, 'is too long');

export const orderIdQuery = z.object({ orderId: key() });
/** The wire spells it `trandeCode` (docs/api.md); parsed requests carry `tradeCode`. */
export const tradeCodeQuery = z
  .object({ trandeCode: key() })
  .transform(({ trandeCode }) => ({ tradeCode: trandeCode }));
const iso = z.string();

export const rangePriceSchema = z.object({ months: z.number().int(), priceFen: fen });
export type RangePriceDTO = z.infer<typeof rangePriceSchema>;

export const memberLevelSchema = z.object({
  id: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  rank: z.number().int(),
  forSale: z.boolean(),
  privileges: memberPrivilegesSchema,
  prices: z.array(rangePriceSchema),
});
export type MemberLevelDTO = z.infer<typeof memberLevelSchema>;

/** What buying one level means for this user now. */
export const memberOfferSchema = z.object({
  action: z.enum([...MEMBER_ACTIONS, 'refused']),
  /** Upgrade only: the prorated price (docs/pricing.md; QueryMemberLevelUpPrice shows its parts). */
  upPriceFen: fen.nullable(),
  remainingDays: z.number().int().nullable(),
  /** When what is bought takes effect (now; the current end for a renewal). */
  effectiveAt: iso.nullable(),
  /** Upgrade: the unchanged end date. */
  endsAt: iso.nullable(),
  refusedReason: z.string().nullable(),
  /** `refusedReason` as a message, for the page's language. */
  refusedMessage: messageRefSchema.nullable(),
});
export type MemberOfferDTO = z.infer<typeof memberOfferSchema>;

export const memberLevelWithOfferSchema = memberLevelSchema.extend({ offer: memberOfferSchema });

export const buyOptionSchema = z.object({ months: z.number().int(), priceFen: fen, effectiveAt: iso, endsAt: iso });

export const userBuyMemberInfoSchema = z.object({
  level: memberLevelSchema,
  current: userMemberSchema.nullable(),
  offer: memberOfferSchema,
  /** New or renewal: one option per duration with its dates. */
  options: z.array(buyOptionSchema),
});
export type UserBuyMemberInfoDTO = z.infer<typeof userBuyMemberInfoSchema>;

/** One stretch of the membership held, by the range it was bought at (docs/pricing.md). */
export const upgradePartSchema = z.object({
  months: z.number().int(),
  remainingDays: z.number().int(),
  /** The new level's price for these days at that range's rate (rounded up). */
  newPriceFen: fen,
  /** The unused value of what was paid for them (rounded down). */
  creditFen: fen,
});

/** price = max(0, newPriceFen − creditFen), shown with both figures before confirming. */
export const levelUpPriceSchema = z.object({
  fromLevelId: z.string(),
  toLevelId: z.string(),
  priceFen: fen,
  /** The new level's price for the remaining period, at the rate of the range(s) held. */
  newPriceFen: fen,
  /** The unused value of what the member paid for the remaining period. */
  creditFen: fen,
  remainingDays: z.number().int(),
  parts: z.array(upgradePartSchema),
  effectiveAt: iso,
  endsAt: iso,
});
export type LevelUpPriceDTO = z.infer<typeof levelUpPriceSchema>;

export const orderLineSchema = z.object({ ref: z.string(), labelZh: z.string(), labelEn: z.string(), amountFen: fen });

export const memberOrderDetailSchema = z.object({
  action: z.enum(MEMBER_ACTIONS),
  levelId: z.string(),
  levelCode: z.string(),
  levelNameZh: z.string(),
  levelNameEn: z.string(),
  months: z.number().int().nullable(),
  fromLevelCode: z.string().nullable(),
  remainingDays: z.number().int().nullable(),
  effectiveAt: iso,
  endsAt: iso,
});
export type MemberOrderDetail = z.infer<typeof memberOrderDetailSchema>;

/** A data-product order (docs/pricing.md): the product, the discount applied and one entry per region. */
export const dataProductOrderDetailSchema = z.object({
  productCode: z.string(),
  productNameZh: z.string(),
  productNameEn: z.string(),
  categoryCode: z.string(),
  months: z.number().int(),
  /** The member discount applied (0 without one), and the level that gave it. */
  discountPct: z.number().int(),
  levelCode: z.string().nullable(),
  regions: z.array(
    z.object({ regionId: z.string(), nameZh: z.string(), nameEn: z.string(), listPriceFen: fen, priceFen: fen }),
  ),
});
export type DataProductOrderDetail = z.infer<typeof dataProductOrderDetailSchema>;

export const paymentSchema = z.object({ provider: z.string(), providerTxnId: z.string(), amountFen: fen, paidAt: iso });

/** Every order kind shares this shape; `member` / `dataProduct` carry what the order grants. */
export const orderSchema = z.object({
  id: z.string(),
  tradeCode: z.string(),
  /** The number people read: YN-20261127-0042 (docs/commerce.md). */
  orderNo: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  amountFen: fen,
  titleZh: z.string(),
  titleEn: z.string(),
  createdAt: iso,
  expiresAt: iso,
  paidAt: iso.nullable(),
  closedAt: iso.nullable(),
  closeReason: z.enum(['expired', 'cancelled']).nullable(),
  lines: z.array(orderLineSchema),
  member: memberOrderDetailSchema.nullable(),
  dataProduct: dataProductOrderDetailSchema.nullable(),
  payment: paymentSchema.nullable(),
});
export type OrderDTO = z.infer<typeof orderSchema>;

export const pagedOrdersSchema = pagedOf(orderSchema);
export type PagedOrdersDTO = z.infer<typeof pagedOrdersSchema>;

export const payInfoSchema = z.object({
  orderId: z.string(),
  tradeCode: z.string(),
  orderNo: z.string(),
  provider: z.string(),
  status: z.enum(ORDER_STATUSES),
  amountFen: fen,
  /** The gateway page; phones open it directly. */
  payUrl: z.string(),
  /** What the PC modal renders as a QR code. */
  qrContent: z.string(),
  expiresAt: iso,
});
export type PayInfoDTO = z.infer<typeof payInfoSchema>;

// ---- inputs ----

const monthsSchema = z.coerce
  .number()
  .int()
  .refine((m): m is MemberMonths => (MEMBER_MONTHS as readonly number[]).includes(m), 'must be 1, 3 or 12');

/** The client names what it wants; the price is always the server's. */
export const buyMemberBody = z.object({ memberId: idSchema, months: monthsSchema.optional() });

export const orderPageBody = pageSchema.extend({ status: z.enum(ORDER_STATUSES).optional() });

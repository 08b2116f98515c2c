// The commerce enumerations on their own, without zod: pages read them (the purchase records'
// status filter …) without downloading the schemas (commerce.ts builds its schemas from these).

export const MEMBER_MONTHS = [1, 3, 12] as const;
export type MemberMonths = (typeof MEMBER_MONTHS)[number];
export const ORDER_KINDS = ['member', 'data_product'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_STATUSES = ['pending', 'paid', 'closed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const MEMBER_ACTIONS = ['new', 'renew', 'upgrade'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

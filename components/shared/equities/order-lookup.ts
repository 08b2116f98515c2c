import type { CallName } from '@/lib/api/contract';
import type { OrderKind } from '@/lib/api/schemas/commerce';

/** The calls that read orders of each kind: one order (the pay modal polls it) and the paged list (purchase records). */
export const ORDER_CALLS = {
  member: { byId: 'QueryMemberOrderById', list: 'QueryUserMemberOrderForPageList' },
  data_product: { byId: 'QueryDataProductOrderModelById', list: 'QueryUserProductDataOrderForPageList' },
} as const satisfies Record<OrderKind, { byId: CallName; list: CallName }>;

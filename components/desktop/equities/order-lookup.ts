import { api } from '@/lib/api/client';
import type { OrderDTO, OrderKind } from '@/lib/api/schemas/commerce';

/**
 * How the pay modal re-reads an order of each kind while it waits. Phase 2 adds
 * `data_product: (orderId) => api.QueryDataProductOrderModelById(...)`.
 */
export const ORDER_LOOKUP: { [K in OrderKind]?: (orderId: string) => Promise<OrderDTO> } = {
  member: (orderId) => api.QueryMemberOrderById({ query: { orderId }, skipErrorHandler: true }),
};

import { api } from '@/lib/api/client';
import type { OrderDTO, OrderKind, PagedOrdersDTO, PayInfoDTO } from '@/lib/api/schemas/commerce';

/** How the pay modal re-reads an order of each kind while it waits. */
export const ORDER_LOOKUP: { [K in OrderKind]: (orderId: string) => Promise<OrderDTO> } = {
  member: (orderId) => api.QueryMemberOrderById({ query: { orderId }, skipErrorHandler: true }),
  data_product: (orderId) => api.QueryDataProductOrderModelById({ query: { orderId }, skipErrorHandler: true }),
};

type Page = { pageIndex: number; pageSize: number; status?: OrderDTO['status'] };

/** The paged list and the pay call of each kind (purchase records). */
export const ORDER_CALLS: {
  [K in OrderKind]: { list: (page: Page) => Promise<PagedOrdersDTO>; pay: (tradeCode: string) => Promise<PayInfoDTO> };
} = {
  member: {
    list: (body) => api.QueryUserMemberOrderForPageList({ body }),
    pay: (tradeCode) => api.PayMemberOrderPC({ query: { trandeCode: tradeCode } }),
  },
  data_product: {
    list: (body) => api.QueryUserProductDataOrderForPageList({ body }),
    pay: (tradeCode) => api.PayDataProductOrderPC({ query: { trandeCode: tradeCode } }),
  },
};

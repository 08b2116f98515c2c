import { create } from 'zustand';
import { api } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/contract';

/** Order data: from submitting a buy order or loading its pay model (docs/screens.md). */
export type OrderData = ResponseOf<'SubmitDataProductBuyOrder'> | ResponseOf<'QueryDataProductPayModelById'>;

export type DataProductState = {
  dataProductList: ResponseOf<'QueryDataProductList'> | null;
  dataProductDetail: ResponseOf<'QueryDataProductBuyModelById'> | null;
  orderData: OrderData | null;
  loadPayModel: (orderId: string) => Promise<ResponseOf<'QueryDataProductPayModelById'>>;
};

export const useDataProduct = create<DataProductState>()((set) => ({
  dataProductList: null,
  dataProductDetail: null,
  orderData: null,
  loadPayModel: async (orderId) => {
    const orderData = await api.QueryDataProductPayModelById({ query: { orderId } });
    set({ orderData });
    return orderData;
  },
}));

import { create } from 'zustand';
import { api } from '@/lib/api/client';
import type { BodyOf, ResponseOf } from '@/lib/api/contract';

/** Order data: from submitting a buy order or loading its pay model (spec §4). */
export type OrderData = ResponseOf<'SubmitDataProductBuyOrder'> | ResponseOf<'QueryDataProductPayModelById'>;

export type DataProductState = {
  dataProductList: ResponseOf<'QueryDataProductList'> | null;
  dataProductDetail: ResponseOf<'QueryDataProductBuyModelById'> | null;
  orderData: OrderData | null;
  loadDataProductList: () => Promise<ResponseOf<'QueryDataProductList'>>;
  loadDataProductDetail: (productId: string) => Promise<ResponseOf<'QueryDataProductBuyModelById'>>;
  /** Errors reject and go through the global handler; the order data stays as it was. */
  submitBuyOrder: (body: BodyOf<'SubmitDataProductBuyOrder'>) => Promise<ResponseOf<'SubmitDataProductBuyOrder'>>;
  loadPayModel: (orderId: string) => Promise<ResponseOf<'QueryDataProductPayModelById'>>;
  clearOrderData: () => void;
};

export const useDataProduct = create<DataProductState>()((set) => ({
  dataProductList: null,
  dataProductDetail: null,
  orderData: null,
  loadDataProductList: async () => {
    const dataProductList = await api.QueryDataProductList();
    set({ dataProductList });
    return dataProductList;
  },
  loadDataProductDetail: async (productId) => {
    const dataProductDetail = await api.QueryDataProductBuyModelById({ query: { productId } });
    set({ dataProductDetail });
    return dataProductDetail;
  },
  submitBuyOrder: async (body) => {
    const orderData = await api.SubmitDataProductBuyOrder({ body });
    set({ orderData });
    return orderData;
  },
  loadPayModel: async (orderId) => {
    const orderData = await api.QueryDataProductPayModelById({ query: { orderId } });
    set({ orderData });
    return orderData;
  },
  clearOrderData: () => set({ orderData: null }),
}));

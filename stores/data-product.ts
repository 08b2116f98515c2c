import { create } from 'zustand';
import type { ResponseOf } from '@/lib/api/contract';
import type { RequestError } from '@/lib/api/request-error';

/** Order data: from submitting a buy order or loading its pay model (docs/screens.md). */
export type OrderData = ResponseOf<'SubmitDataProductBuyOrder'> | ResponseOf<'QueryDataProductPayModelById'>;

/**
 * The data product state (docs/screens.md). A view of the query cache: the purchase page mirrors
 * its catalogue and buy-model queries here, and usePurchase the order it created. It loads nothing.
 */
export type DataProductState = {
  dataProductList: ResponseOf<'QueryDataProductList'> | RequestError | null;
  dataProductDetail: ResponseOf<'QueryDataProductBuyModelById'> | RequestError | null;
  orderData: OrderData | null;
};

export const useDataProduct = create<DataProductState>()(() => ({
  dataProductList: null,
  dataProductDetail: null,
  orderData: null,
}));

/** Writers for useStoreView (stable functions). */
export const setDataProduct = {
  dataProductList: (dataProductList: DataProductState['dataProductList']) =>
    useDataProduct.setState({ dataProductList }),
  dataProductDetail: (dataProductDetail: DataProductState['dataProductDetail']) =>
    useDataProduct.setState({ dataProductDetail }),
  orderData: (orderData: OrderData | null) => useDataProduct.setState({ orderData }),
};

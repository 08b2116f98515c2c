import 'server-only';
import { handlers } from '../http/handler';
import {
  buyerOf,
  buyModel,
  buyRegions,
  dataProduct,
  holdings,
  listDataProducts,
} from '../services/commerce/data-product-catalogue';
import { submitDataProductOrder } from '../services/commerce/data-product-orders';
import { listOwnOrders, ownOrder, toOrderDTO } from '../services/commerce/orders';
import { reconcileOrder, startPayment } from '../services/commerce/payment';

// Regional data products (docs/commerce.md): catalogue, buy model, orders and holdings. Every
// order lookup is scoped to the session's user; another user's order id answers "not found".
export const dataProductHandlers = handlers({
  QueryDataProductList: ({ db, meta }) => listDataProducts(db, meta.now),
  QueryDataProductBuyModelById: ({ db, user, query, meta }) => buyModel(db, user.id, query.productId, meta.now),
  QueryUserBuyDataProductRegion: async ({ db, user, query, meta }) => {
    const [product, buyer] = await Promise.all([
      dataProduct(db, query.OutProductCode, meta.now),
      buyerOf(db, user.id, meta.now),
    ]);
    return buyRegions(db, user.id, product, buyer, meta.now);
  },
  SubmitDataProductBuyOrder: ({ db, user, body, meta }) => submitDataProductOrder(db, user.id, body, meta.now),
  QueryDataProductOrderModelById: async ({ db, user, query, meta }) =>
    toOrderDTO(
      db,
      await reconcileOrder(
        db,
        await ownOrder(db, user.id, { id: query.orderId }, 'data_product', meta.now),
        meta.now,
        meta.requestId,
      ),
    ),
  QueryUserProductDataOrderForPageList: ({ db, user, body, meta }) =>
    listOwnOrders(db, user.id, 'data_product', body, meta.now),
  QueryDataProductPayModelById: async ({ db, user, query, meta }) => {
    const order = await ownOrder(db, user.id, { id: query.orderId }, 'data_product', meta.now);
    const pay =
      order.status === 'pending'
        ? await startPayment(db, user.id, order.tradeCode, 'data_product', meta.now, meta.requestId)
        : null;
    return { orderId: order.id, order: await toOrderDTO(db, order), pay };
  },
  QueryUserDataProductHoldings: ({ db, user, meta }) => holdings(db, user.id, meta.now),
});

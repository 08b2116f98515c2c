import 'server-only';
import { handlers } from '../http/handler';
import { listMemberLevels, memberLevel } from '../services/commerce/member-catalogue';
import { buyMemberInfo, buyMemberLevel, levelsWithOffers, levelUpPrice } from '../services/commerce/member-orders';
import { listOwnOrders, ownOrder, toOrderDTO } from '../services/commerce/orders';
import { reconcileOrder, startPayment } from '../services/commerce/payment';

// Member levels, member orders and payment (docs/pricing.md, docs/commerce.md). Every order
// lookup is scoped to the session's user; ids from the client never grant access.
export const commerceHandlers = handlers({
  QueryMemberList: async ({ db }) => listMemberLevels(db),
  QueryMemberRangPriceList: async ({ db, query }) => (await memberLevel(db, query.memberId)).prices,
  QueryMemberListHasUpPrice: async ({ db, user, meta }) => levelsWithOffers(db, user.id, meta.now),
  QueryUserBuyMemberInfo: async ({ db, user, query, meta }) => buyMemberInfo(db, user.id, query.memberId, meta.now),
  QueryMemberLevelUpPrice: async ({ db, user, query, meta }) => levelUpPrice(db, user.id, query.memberId, meta.now),

  UserBuyMemberLevel: async ({ db, user, body, meta }) => buyMemberLevel(db, user.id, body, meta.now),
  // The pay modal polls this: a pending order is also asked of the provider (reconcileOrder).
  QueryMemberOrderById: async ({ db, user, query, meta }) =>
    toOrderDTO(
      db,
      await reconcileOrder(
        db,
        await ownOrder(db, user.id, { id: query.orderId }, 'member', meta.now),
        meta.now,
        meta.requestId,
      ),
    ),
  QueryUserMemberOrderForPageList: async ({ db, user, body, meta }) =>
    listOwnOrders(db, user.id, 'member', body, meta.now),

  PayMemberOrderPC: async ({ db, user, query, meta }) =>
    startPayment(db, user.id, query.tradeCode, 'member', meta.now, meta.requestId),
  // Data-product orders share the whole payment path; only their kind differs.
  PayDataProductOrderPC: async ({ db, user, query, meta }) =>
    startPayment(db, user.id, query.tradeCode, 'data_product', meta.now, meta.requestId),
});

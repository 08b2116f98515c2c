import 'server-only';
import { handlers } from '../../http/handler';
import { refundOrder } from '../../services/commerce/refund';
import { listOrders, orderDetail } from '../../services/console/orders';

// Orders and refunds (docs/console.md "Orders and refunds"): a refund runs in the dispatcher's
// transaction with its audit record (before and after, the reason), so it cannot half-happen.
export const consoleOrderHandlers = handlers({
  ConsoleOrders: ({ db, body, meta }) => listOrders(db, body, meta.now),
  ConsoleOrder: ({ db, body, meta }) => orderDetail(db, body.orderId, meta.now),
  ConsoleRefundOrder: async ({ db, body, meta, user, audit, unchanged }) => {
    const r = await refundOrder(db, {
      orderId: body.orderId,
      reason: body.reason,
      actor: { id: user.id, name: user.nickname },
      now: meta.now,
    });
    if (r.changed)
      audit({
        entity: 'order',
        entityId: body.orderId,
        before: { orderNo: r.order.orderNo, ...r.before },
        after: { orderNo: r.order.orderNo, ...r.after },
        reason: body.reason,
      });
    // Refunded already (by a colleague a moment ago): nothing is asked of the provider again.
    else unchanged();
    return orderDetail(db, body.orderId, meta.now, r.order);
  },
});

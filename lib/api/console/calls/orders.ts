import { def } from '../../contract-def';
import { consoleOrderPageSchema, consoleOrderSchema, orderIdBody, orderQueryBody, refundBody } from '../schemas/orders';

/** Orders and refunds (docs/console.md "Orders and refunds"): support looks and refunds; admin as always. */
export const orderCalls = {
  ConsoleOrders: def({
    auth: ['support'],
    body: orderQueryBody,
    response: consoleOrderPageSchema,
    summary: 'Console: orders of every customer, newest first, by status, kind, phone, time and amount',
    extra: true,
  }),
  ConsoleOrder: def({
    auth: ['support'],
    body: orderIdBody,
    response: consoleOrderSchema,
    summary: 'Console: one order with its lines, payment, buyer and refund',
    extra: true,
  }),
  ConsoleRefundOrder: def({
    auth: ['support'],
    body: refundBody,
    response: consoleOrderSchema,
    summary:
      'Console: refund a paid order through its provider, ending or shortening what it granted, with a reason; once',
    audit: true,
    extra: true,
  }),
};

import 'server-only';
import { handlers } from '../../http/handler';
import {
  customerOf,
  endSessions,
  findCustomers,
  grantMembership,
  grantOptions,
  grantRegion,
  setLocked,
} from '../../services/console/customers';

// Customers (docs/console.md "Customers"): each write in the dispatcher's transaction with its
// audit record and the reason staff gave, so a grant cannot half-happen.
export const consoleCustomerHandlers = handlers({
  ConsoleCustomerFind: ({ db, body }) => findCustomers(db, body.phone),
  ConsoleCustomer: ({ db, body, meta }) => customerOf(db, body.userId, meta.now),
  ConsoleGrantOptions: ({ db }) => grantOptions(db),
  ConsoleGrantMembership: async ({ db, body, meta, audit }) => {
    const r = await grantMembership(db, { ...body, now: meta.now });
    audit({
      entity: 'user_membership',
      entityId: r.after.id,
      before: r.before,
      after: { ...r.after, levelCode: r.level, months: body.months },
      reason: body.reason,
    });
    return customerOf(db, body.userId, meta.now);
  },
  ConsoleGrantRegion: async ({ db, body, meta, audit }) => {
    const r = await grantRegion(db, { ...body, now: meta.now });
    audit({
      entity: 'data_product_auth',
      entityId: r.after.id,
      before: r.before,
      after: { ...r.after, months: body.months },
      reason: body.reason,
    });
    return customerOf(db, body.userId, meta.now);
  },
  ConsoleEndSessions: async ({ db, body, meta, audit, unchanged }) => {
    const ended = await endSessions(db, { ...body, now: meta.now });
    if (ended.length)
      audit({
        entity: 'user',
        entityId: body.userId,
        before: { sessions: ended },
        after: { sessions: [] },
        reason: body.reason,
      });
    else unchanged();
    return customerOf(db, body.userId, meta.now);
  },
  ConsoleLockCustomer: async ({ db, body, meta, audit, unchanged }) => {
    const r = await setLocked(db, { ...body, now: meta.now });
    if (r.changed)
      audit({
        entity: 'user',
        entityId: body.userId,
        before: r.before,
        after: { ...r.after, sessionsEnded: r.ended },
        reason: body.reason,
      });
    else unchanged();
    return customerOf(db, body.userId, meta.now);
  },
});

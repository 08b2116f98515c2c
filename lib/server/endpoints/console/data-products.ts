import 'server-only';
import { handlers } from '../../http/handler';
import { listCategories, mapProduct } from '../../services/console/map-product';

export const consoleDataProductHandlers = handlers({
  ConsoleProductCategories: ({ db }) => listCategories(db),
  // The product and its audit record: one transaction (the dispatcher's).
  ConsoleMapProduct: async ({ db, body, audit }) => {
    const { before, after } = await mapProduct(db, body);
    audit({ entity: 'product', entityId: after.code, before, after });
    return after;
  },
});

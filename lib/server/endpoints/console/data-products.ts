import 'server-only';
import { handlers } from '../../http/handler';
import { listCategories, mapProduct } from '../../services/console/map-product';
import { listProducts, mergeProducts } from '../../services/console/merge-products';

export const consoleDataProductHandlers = handlers({
  ConsoleProductCategories: ({ db }) => listCategories(db),
  // The product and its audit record: one transaction (the dispatcher's).
  ConsoleMapProduct: async ({ db, body, audit }) => {
    const { before, after } = await mapProduct(db, body);
    audit({ entity: 'product', entityId: after.code, before, after });
    return after;
  },
  ConsoleProducts: ({ db }) => listProducts(db),
  // The merge (prices, mappings, members' entries, derived rows) and its audit records: one transaction.
  ConsoleMergeProducts: async ({ db, body, audit }) => {
    const { before, ...result } = await mergeProducts(db, body);
    audit({
      entity: 'product',
      entityId: result.merged.code,
      before,
      after: { mergedInto: result.into.code, moved: result.moved },
    });
    audit({
      entity: 'product',
      entityId: result.into.code,
      before: result.into,
      after: { ...result.into, absorbed: result.merged.code },
    });
    return result;
  },
});

import 'server-only';
import { handlers } from '../../http/handler';
import { catalogue, saveLevel, saveProduct } from '../../services/console/commerce-catalogue';

// The catalogue (docs/console.md "Levels and data products"): each edit in the dispatcher's transaction with its
// audit record; orders made before it keep their prices.
export const consoleCommerceCatalogueHandlers = handlers({
  ConsoleCommerceCatalogue: ({ db }) => catalogue(db),
  ConsoleSaveLevel: async ({ db, body, audit, unchanged }) => {
    const r = await saveLevel(db, body);
    if (r.changed)
      audit({ entity: 'member_level', entityId: r.code, before: r.before, after: r.after, reason: body.reason });
    else unchanged();
    return catalogue(db);
  },
  ConsoleSaveDataProduct: async ({ db, body, audit, unchanged }) => {
    const r = await saveProduct(db, body);
    if (r.changed)
      audit({ entity: 'data_product', entityId: body.code, before: r.before, after: r.after, reason: body.reason });
    else unchanged();
    return catalogue(db);
  },
});

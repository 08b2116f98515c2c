import 'server-only';
import { handlers } from '../../http/handler';
import { catalogue, saveCategory, saveDataSource, saveProduct } from '../../services/console/catalogue';

/** The data catalogue (docs/console.md "Catalogue"): each change and its audit record, one transaction. */
export const consoleCatalogueHandlers = handlers({
  ConsoleCatalogue: ({ db }) => catalogue(db),
  ConsoleSaveProduct: async ({ db, body, audit }) => {
    const { before, after } = await saveProduct(db, body);
    audit({ entity: 'product', entityId: after.code, before, after });
    return after;
  },
  ConsoleSaveCategory: async ({ db, body, audit }) => {
    const { before, after } = await saveCategory(db, body);
    audit({ entity: 'product_category', entityId: after.code, before, after });
    return after;
  },
  ConsoleSaveDataSource: async ({ db, body, audit }) => {
    const { before, after } = await saveDataSource(db, body);
    audit({ entity: 'data_source', entityId: after.id, before, after });
    return after;
  },
});

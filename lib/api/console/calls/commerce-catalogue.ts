import { def } from '../../contract-def';
import { catalogueSchema, saveLevelBody, saveProductBody } from '../schemas/commerce-catalogue';

/**
 * The catalogue (docs/console.md "Levels and data products"): what memberships and data products cost and give.
 * An edit applies to orders made after it: an order keeps the price and terms it was made at.
 */
export const commerceCatalogueCalls = {
  ConsoleCommerceCatalogue: def({
    auth: ['admin'],
    response: catalogueSchema,
    summary:
      'Console: the membership levels (privileges, range prices) and data products (price, months, minimum level)',
    extra: true,
  }),
  ConsoleSaveLevel: def({
    auth: ['admin'],
    body: saveLevelBody,
    response: catalogueSchema,
    summary: "Console: a level's privileges, member discount and range prices, for new orders; with a reason",
    audit: true,
    extra: true,
  }),
  ConsoleSaveDataProduct: def({
    auth: ['admin'],
    body: saveProductBody,
    response: catalogueSchema,
    summary: "Console: a data product's region price, months, minimum level and sale, for new orders; with a reason",
    audit: true,
    extra: true,
  }),
};

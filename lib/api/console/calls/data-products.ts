import { def } from '../../contract-def';
import { consoleProductSchema, mapProductBody, productCategoriesSchema } from '../schemas/data-products';

/**
 * The catalogue side of imported data (docs/console.md "Data"): the commodities an import met that no
 * mapping names are listed by UnmappedProducts; data staff name and file them here.
 */
export const dataProductCalls = {
  ConsoleProductCategories: def({
    auth: ['data'],
    response: productCategoriesSchema,
    summary: 'Console: the product categories, to file a product under',
    extra: true,
  }),
  ConsoleMapProduct: def({
    auth: ['data'],
    body: mapProductBody,
    response: consoleProductSchema,
    summary: 'Console: name (zh, en) and file an unmapped commodity as a catalogue product; audited',
    audit: true,
    extra: true,
  }),
};

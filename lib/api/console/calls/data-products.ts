import { def } from '../../contract-def';
import {
  consoleProductSchema,
  consoleProductsSchema,
  mapProductBody,
  mergeProductsBody,
  mergeResultSchema,
  productCategoriesSchema,
} from '../schemas/data-products';

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
  ConsoleProducts: def({
    auth: ['data'],
    response: consoleProductsSchema,
    summary: 'Console: the catalogue products (mapped first), to merge one into another',
    extra: true,
  }),
  ConsoleMergeProducts: def({
    auth: ['data'],
    body: mergeProductsBody,
    response: mergeResultSchema,
    summary:
      "Console: merge a product into another: its prices, mappings and members' watchlist entries and alert rules move; audited",
    audit: true,
    extra: true,
  }),
};

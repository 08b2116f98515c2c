import { def } from '../../contract-def';
import { consoleProductSchema } from '../schemas/data-products';
import {
  consoleCatalogueSchema,
  consoleCategorySchema,
  consoleDataSourceSchema,
  saveCategoryBody,
  saveDataSourceBody,
  saveProductBody,
} from '../schemas/catalogue';

/** The data catalogue (docs/console.md "Catalogue"): products, categories, sources with their licences. */
export const catalogueCalls = {
  ConsoleCatalogue: def({
    auth: ['data'],
    response: consoleCatalogueSchema,
    summary: 'Console: the product categories (with their product counts) and the price sources with licences',
    extra: true,
  }),
  ConsoleSaveProduct: def({
    auth: ['data'],
    body: saveProductBody,
    response: consoleProductSchema,
    summary: "Console: change a catalogue product's names (zh, en) and category; audited",
    audit: true,
    extra: true,
  }),
  ConsoleSaveCategory: def({
    auth: ['data'],
    body: saveCategoryBody,
    response: consoleCategorySchema,
    summary: "Console: change a product category's names (zh, en); audited",
    audit: true,
    extra: true,
  }),
  ConsoleSaveDataSource: def({
    auth: ['data'],
    body: saveDataSourceBody,
    response: consoleDataSourceSchema,
    summary: "Console: change a price source's licence and attribution line; audited",
    audit: true,
    extra: true,
  }),
};

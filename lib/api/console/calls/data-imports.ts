import { def } from '../../contract-def';
import {
  importPricesBody,
  importRejectsBody,
  importRejectsSchema,
  importsPageSchema,
  importsQueryBody,
  MAX_PRICE_UPLOAD_BYTES,
  priceImportSchema,
} from '../schemas/data-imports';

/** Price imports from the console (docs/console.md "Data"): the one import path, recorded and audited. */
export const dataImportCalls = {
  ConsoleImportPrices: def({
    auth: ['data'],
    body: importPricesBody,
    response: priceImportSchema,
    summary: 'Console: import a price CSV (WFP/HDX or generic) as `npm run data:import` does; recorded and audited',
    audit: true,
    // JSON escapes quotes and line ends: the CSV itself is held to MAX_PRICE_UPLOAD_BYTES by its handler.
    maxBodyBytes: 2 * MAX_PRICE_UPLOAD_BYTES,
    extra: true,
  }),
  ConsoleImports: def({
    auth: ['data'],
    body: importsQueryBody,
    response: importsPageSchema,
    summary: 'Console: the price imports made from the console, newest first',
    extra: true,
  }),
  ConsoleImportRejects: def({
    auth: ['data'],
    body: importRejectsBody,
    response: importRejectsSchema,
    summary: "Console: an import's rejects file (line, reason, record) as CSV",
    extra: true,
  }),
};

import { z } from 'zod';

/**
 * The most a price file uploaded in the console may weigh: the upload cap of the site's files
 * (lib/server/services/accounts/uploads.ts), enough for a WFP country file (Bangladesh's is 3 MB).
 * Bigger files (HDX's global one) are imported from the command line (docs/market-data.md).
 */
export const MAX_PRICE_UPLOAD_BYTES = 5 * 1024 * 1024;

/** ConsoleImportPrices: a price CSV as the browser read it, with its file name. */
export const importPricesBody = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(200, 'is too long')
    .regex(/\.csv$/i, 'must be a .csv file'),
  csv: z.string().refine((s) => s.trim().length > 0, 'is empty'),
});
export type ImportPricesBody = z.infer<typeof importPricesBody>;

const newProduct = z.object({ code: z.string(), name: z.string(), category: z.string(), unit: z.string() });

/** One country's part of an import: what was stored, refused or left aside. */
export const countryImportSchema = z.object({
  country: z.string(),
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  /** Product × market × price-type series that had no price before this import. */
  newSeries: z.number().int(),
  /** Commodities no mapping named: created unmapped, for data staff to map or merge. */
  newProducts: z.array(newProduct),
  markets: z.number().int(),
  newMarkets: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Why nothing of this country was imported (too many bad rows, not a price file); null when imported. */
  refused: z.string().nullable(),
});
export type CountryImportRecord = z.infer<typeof countryImportSchema>;

/** One import made from the console, as its history lists it. */
export const priceImportSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  actorPhone: z.string().nullable(),
  fileName: z.string(),
  bytes: z.number().int(),
  /** ok: every country imported; partial: some refused; refused: nothing imported. */
  outcome: z.enum(['ok', 'partial', 'refused']),
  rows: z.number().int(),
  imported: z.number().int(),
  rejected: z.number().int(),
  newSeries: z.number().int(),
  countries: z.array(countryImportSchema),
  /** Bad rows that named no country (in the rejects file, counted against none). */
  unplaced: z.number().int(),
  /** The reason when the file as a whole was refused (not a price file). */
  refused: z.string().nullable(),
  ms: z.number().int(),
});
export type PriceImport = z.infer<typeof priceImportSchema>;

/** ConsoleImports: newest first, `before` an id to page on from. */
export const importsQueryBody = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const importsPageSchema = z.object({
  items: z.array(priceImportSchema),
  next: z.number().int().nullable(),
});
export type ImportsPage = z.infer<typeof importsPageSchema>;

export const importRejectsBody = z.object({ id: z.coerce.number().int().positive() });
/** The rejects file of an import: line, reason and the record as read (CSV, UTF-8). */
export const importRejectsSchema = z.object({ fileName: z.string(), csv: z.string() });

import 'server-only';
import { Problems, readCoordinate, readCurrency, readDate, readFlag, readPrice, readPriceType } from './fields';
import type { PriceType, Reject, SourceRow } from './types';

/** What a price file format makes of one data record. */
export type Mapped = SourceRow | Reject | Skip;
/** A record that is not a price: the HXL tag row, or a forecast of 0 ("no forecast"), counted per country. */
export type Skip = { skip: 'metadata' | 'zero-forecast'; country?: string };

/** Reads the records of one file once its header is known. */
export type RowMapper = (fields: readonly string[], line: number) => Mapped;

/** What every format is told about the file it reads. */
export interface FormatContext {
  /** The country when the rows do not say (the file name, or --country). */
  country: string | null;
  /** Provenance for rows that do not name their own (the generic CSV). */
  source: string;
  licence: string;
  /** Counts each data row by its flag as written ("actual", "actual,aggregate"). */
  countFlag: (label: string) => void;
}

export interface PriceFormat {
  name: 'wfp' | 'generic';
  /** Whether a header row is this format's. */
  matches: (header: ReadonlyMap<string, number>) => boolean;
  /** A mapper for the file, or why its header cannot be read. */
  mapper: (header: ReadonlyMap<string, number>, width: number, ctx: FormatContext) => RowMapper | string;
}

export const isReject = (m: Mapped): m is Reject => 'reason' in m;
export const isSkip = (m: Mapped): m is Skip => 'skip' in m;

/** Field access by column name, '' when the column is absent. */
export function fieldReader(header: ReadonlyMap<string, number>) {
  return (f: readonly string[], name: string) => {
    const i = header.get(name);
    return i === undefined ? '' : (f[i] ?? '').trim();
  };
}

/**
 * The fields every format reads the same way — flag (counted as written), date, price (a forecast
 * of 0 is "no forecast": skipped), USD price, price type, currency, coordinates — with their
 * problems added to `p`; null when one that is required is bad.
 */
export function readPriceFields(
  value: (name: string) => string,
  p: Problems,
  ctx: FormatContext,
  columns: { flag: string; defaultType: PriceType | null },
) {
  const flag = readFlag(value(columns.flag), p);
  if (flag) ctx.countFlag(flag.label);
  const date = readDate(value('date'), p);
  const price = readPrice(value('price'), 'price', p, true, flag?.flag === 'forecast');
  if (flag?.flag === 'forecast' && price === 0) return 'zero-forecast' as const;
  const usd = value('usdprice');
  const usdPrice = usd ? readPrice(usd, 'usdprice', p, false, true) || null : null;
  const priceType = readPriceType(value('pricetype'), p, columns.defaultType);
  const currency = readCurrency(value('currency'), p);
  const lat = readCoordinate(value('latitude'), 'latitude', 90, p);
  const lon = readCoordinate(value('longitude'), 'longitude', 180, p);
  if (!flag || !date || price === null || !priceType) return null;
  return { flag: flag.flag, flagLabel: flag.label, date, price, usdPrice, priceType, currency, lat, lon };
}

export { Problems };

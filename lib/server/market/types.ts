import 'server-only';

/** An observation's stored flag is exactly one of these; forecasts and aggregates never mix with actual prices. */
export type PriceFlag = 'actual' | 'forecast' | 'aggregate';
export type PriceType = 'wholesale' | 'retail';
/**
 * The unit a price is per: weights are normalised to kg, volumes to litres, single items to pieces;
 * any other unit a source prices by (bunch, head, loaf, marmite…) is counted as it is, in its own
 * series (lib/server/market/units.ts).
 */
export type BaseUnit = 'kg' | 'l' | 'piece' | (string & {});

/**
 * One price row as a source file gives it, checked but not yet tied to our geography and
 * catalogue (lib/server/services/market/import/resolver.ts does that): names, the pack and the price
 * of one pack, whatever the format (WFP/HDX, the generic CSV, generated demo data).
 */
export interface SourceRow {
  /** 1-based line of the record in the source file; 0 for generated rows. */
  line: number;
  /** Country as the row or the file names it: ISO 3166 alpha-3 or alpha-2, or a name. */
  country: string;
  admin1: string;
  admin2: string | null;
  market: string;
  /** The source's own id of the market (WFP market_id), when it gives one. */
  marketRef: string | null;
  lat: number | null;
  lon: number | null;
  /** The commodity as the source names it. */
  commodity: string;
  /**
   * The commodity is named as our catalogue names it (the generic CSV's `product` column: a code
   * or a name), not as a source does (a WFP file's `commodity`).
   */
  catalogueName?: boolean;
  /** The source's food group or one of our category codes/names, when given. */
  category: string | null;
  /** The unit or pack as written ("KG", "100 KG", "1 piece"). */
  pack: string;
  /** YYYY-MM-DD. */
  date: string;
  flag: PriceFlag;
  /** The flag as the file wrote it ("actual,aggregate"), for the summary's counts. */
  flagLabel?: string;
  priceType: PriceType;
  /** ISO 4217; null: the country's currency. */
  currency: string | null;
  /** Price of one pack, and the source's USD price of it where given. */
  price: number;
  usdPrice: number | null;
  /** The day's low and high per pack, and the quantity traded in packs. */
  min: number | null;
  max: number | null;
  volume: number | null;
  source: string;
  licence: string;
  /** The record's fields, for the rejects file. */
  raw?: readonly string[];
}

/** A row that cannot be imported, with the reason (written to the rejects file). */
export interface Reject {
  line: number;
  reason: string;
  raw?: readonly string[];
  /** The country the row names, where it could be read (a file of many countries is imported per country). */
  country?: string;
  /** Its flag as written, where readable (the summary counts bad rows by flag too). */
  flagLabel?: string;
}

import 'server-only';

/** Our seven product categories (docs/market-data.md). */
export const CATEGORY_CODES = [
  'grains',
  'vegetables',
  'fruit',
  'meat-poultry',
  'aquatic',
  'eggs-dairy',
  'oils',
] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];

export const CATEGORY_NAMES: Record<CategoryCode, { en: string; zh: string }> = {
  grains: { en: 'Grains', zh: '粮食' },
  vegetables: { en: 'Vegetables', zh: '蔬菜' },
  fruit: { en: 'Fruit', zh: '水果' },
  'meat-poultry': { en: 'Meat & poultry', zh: '肉禽' },
  aquatic: { en: 'Aquatic products', zh: '水产品' },
  'eggs-dairy': { en: 'Eggs & dairy', zh: '蛋奶' },
  oils: { en: 'Edible oils', zh: '食用油' },
};

/** An observation's flag is exactly one of these; forecasts and aggregates never mix with actual prices. */
export type PriceFlag = 'actual' | 'forecast' | 'aggregate';
export type PriceType = 'wholesale' | 'retail';
/** Prices are normalised to one of these base units. */
export type BaseUnit = 'kg' | 'l' | 'piece';

/** One price row after parsing, whatever the source format (WFP, generic CSV, generated demo data). */
export interface NormalisedObservation {
  /** 1-based physical line of the record in the source file; 0 for generated rows. */
  line: number;
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  productCode: string;
  productNameEn: string;
  productNameZh: string | null;
  category: CategoryCode;
  /** Province slug (e.g. `hebei`), its GB/T 2260 code and names. */
  provinceCode: string;
  provinceAdcode: number;
  provinceEn: string;
  provinceZh: string;
  /** City / prefecture (WFP admin2) where known. */
  city: string | null;
  /** Stable market key, `<provinceCode>/<market slug>`, for idempotent upserts. */
  marketCode: string;
  marketName: string;
  marketNameZh: string | null;
  lat: number | null;
  lon: number | null;
  /** Price per `unit` in `currency` (CNY), unrounded after pack normalisation. */
  price: number;
  /** The same price in integer fen (architecture: money is integer fen). */
  priceFen: number;
  minFen: number | null;
  maxFen: number | null;
  /** Quantity traded, in `unit`s, when the source gives it. */
  volume: number | null;
  unit: BaseUnit;
  currency: 'CNY';
  /** The unit and price exactly as the source wrote them, for provenance. */
  sourceUnit: string;
  sourcePrice: number;
  flag: PriceFlag;
  priceType: PriceType;
  source: string;
  licence: string;
}

export interface ParseError {
  line: number;
  message: string;
}

export interface ParseResult {
  rows: NormalisedObservation[];
  errors: ParseError[];
}

export function toFen(cny: number): number {
  return Math.round(cny * 100);
}

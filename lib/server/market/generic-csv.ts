import 'server-only';
import { normaliseDate } from './dates';
import { findCategory, findProduct } from './products';
import { slugify } from './provinces';
import {
  RowProblems,
  columnIndex,
  marketCodeOf,
  parseCoordinate,
  parseFlag,
  parseNumber,
  parsePriceType,
  parseStream,
  parseText,
  resolveProvince,
  type MapperFactory,
  type ParseOptions,
} from './row-mapper';
import type { CsvRecord } from './csv';
import { toFen, type NormalisedObservation, type ParseError, type ParseResult } from './types';
import { parseUnit } from './units';

/**
 * The generic price CSV. A header row names the columns (any order, case-insensitive):
 *
 * | column | required | meaning |
 * |---|---|---|
 * | product | yes | catalogue code or name, English or Chinese ("pork", "猪肉", "Rice (indica)") |
 * | region | yes | province: English or Chinese name, with or without suffix, slug or GB/T 2260 code ("Hebei", "河北省", "130000") |
 * | market | yes | market name |
 * | date | yes | YYYY-MM-DD (or YYYY/M/D) |
 * | price | yes | price in CNY per `unit`, > 0 |
 * | unit | yes | KG, G, "50 KG", L, ML, "5 L", 斤/jin, 公斤, 吨/T, pcs, dozen… (normalised to per kg / per litre / per piece) |
 * | min, max | no | lowest / highest price of the day, same unit as `price` |
 * | volume | no | quantity traded, counted in `unit`s (so 10 × "50 KG" = 500 kg) |
 * | flag | no | actual (default), forecast or aggregate |
 * | pricetype | no | wholesale (default) or retail |
 * | source, licence | no | provenance; default to the import's options |
 * | category | no | needed only for a product not in the catalogue (grains, vegetables, fruit, meat-poultry, aquatic, eggs-dairy, oils) |
 * | city, latitude, longitude | no | where the market is |
 *
 * Any other column is an error in the header, so a misspelt optional column is never silently ignored.
 */
export const GENERIC_REQUIRED = ['product', 'region', 'market', 'date', 'price', 'unit'] as const;
export const GENERIC_OPTIONAL = [
  'min',
  'max',
  'volume',
  'flag',
  'pricetype',
  'source',
  'licence',
  'category',
  'city',
  'latitude',
  'longitude',
] as const;

export interface GenericCsvOptions extends ParseOptions {
  /** Provenance for rows that do not name their own. */
  source?: string;
  licence?: string;
}

export function isGenericHeader(fields: string[]): boolean {
  const cols = columnIndex(fields);
  return GENERIC_REQUIRED.every((c) => cols.has(c));
}

export function genericMapperFactory(options: GenericCsvOptions = {}): MapperFactory {
  const defaultSource = options.source ?? 'Imported CSV';
  const defaultLicence = options.licence ?? 'unspecified';
  const known = new Set<string>([...GENERIC_REQUIRED, ...GENERIC_OPTIONAL]);
  return (header) => {
    const cols = columnIndex(header.fields);
    const missing = GENERIC_REQUIRED.filter((c) => !cols.has(c));
    const unknown = [...cols.keys()].filter((c) => !known.has(c));
    if (missing.length || unknown.length) {
      const parts = [];
      if (missing.length) parts.push(`missing column(s) ${missing.join(', ')}`);
      if (unknown.length) parts.push(`unknown column(s) ${unknown.join(', ')}`);
      return { line: header.line, message: `not a generic price file: ${parts.join('; ')}` };
    }
    const width = header.fields.length;
    // Column positions resolved once per file, not per row (this runs for every row of big files).
    const at = Object.fromEntries(
      [...GENERIC_REQUIRED, ...GENERIC_OPTIONAL].map((c) => [c, cols.get(c) ?? -1]),
    ) as Record<(typeof GENERIC_REQUIRED | typeof GENERIC_OPTIONAL)[number], number>;
    const rawOf = (f: string[], name: keyof typeof at) => (at[name] < 0 ? undefined : f[at[name]]);
    const getOf = (f: string[], name: keyof typeof at) => (at[name] < 0 ? '' : (f[at[name]] ?? '').trim());

    // Everything but the date and the figures, as last resolved: a file repeats these on every
    // row of a series, so a row that repeats them too skips their look-ups (most of the work).
    const contextAt = CONTEXT_COLUMNS.map((c) => at[c]).filter((i) => i >= 0);
    let lastRaw: (string | undefined)[] = [];
    let last: Context | null = null;
    const sameContext = (f: string[]) => {
      for (let k = 0; k < contextAt.length; k++) if (f[contextAt[k]!] !== lastRaw[k]) return false;
      return true;
    };

    const full = (rec: CsvRecord): NormalisedObservation | ParseError => {
      const f = rec.fields;
      const problems = new RowProblems();

      const productName = getOf(f, 'product');
      const product = productName ? findProduct(productName) : null;
      const rawCategory = getOf(f, 'category');
      const category = product?.category ?? (rawCategory ? findCategory(rawCategory) : null);
      if (!productName) problems.add('product', 'missing');
      else if (!category) {
        problems.add(
          rawCategory ? 'category' : 'product',
          rawCategory
            ? `unknown category '${rawCategory}'`
            : `unknown product '${productName}' (add a category column)`,
        );
      }
      const province = resolveProvince(getOf(f, 'region'), 'region', problems);
      const market = getOf(f, 'market');
      if (!market) problems.add('market', 'missing');
      const rawDate = getOf(f, 'date');
      const date = normaliseDate(rawDate);
      if (!date) problems.add('date', `'${rawDate}' is not a valid date (YYYY-MM-DD)`);

      const rawUnit = getOf(f, 'unit');
      const pack = parseUnit(rawUnit);
      if (!pack) problems.add('unit', `unknown unit '${rawUnit}'`);
      const figures = figuresOf(f, problems);
      const rawFlag = getOf(f, 'flag');
      const flag = parseFlag(rawFlag);
      if (!flag) problems.add('flag', `unknown flag '${rawFlag}' (expected actual, forecast or aggregate)`);
      const rawType = getOf(f, 'pricetype');
      const priceType = rawType ? parsePriceType(rawType) : 'wholesale';
      if (!priceType) problems.add('pricetype', `unknown price type '${rawType}' (expected wholesale or retail)`);
      const lat = parseCoordinate(rawOf(f, 'latitude'), 'latitude', 90, problems);
      const lon = parseCoordinate(rawOf(f, 'longitude'), 'longitude', 180, problems);

      if (problems.list.length || !date || !province || !pack || !flag || !priceType || !category || !figures) {
        return problems.toError(rec.line);
      }
      const city = getOf(f, 'city');
      last = {
        quantity: pack.quantity,
        productCode: product?.code ?? slugify(productName),
        productNameEn: product?.en ?? productName,
        productNameZh: product?.zh ?? null,
        category,
        provinceCode: province.code,
        provinceAdcode: province.adcode,
        provinceEn: province.en,
        provinceZh: province.zh,
        city: city || null,
        marketCode: marketCodeOf(province.code, market),
        marketName: market,
        lat,
        lon,
        unit: pack.unit,
        sourceUnit: rawUnit,
        flag,
        priceType,
        source: getOf(f, 'source') || defaultSource,
        licence: getOf(f, 'licence') || defaultLicence,
      };
      lastRaw = contextAt.map((i) => f[i]);
      return rowOf(rec.line, date, figures, last);
    };

    /** The date and figures of a row whose context is the last one; null when any is bad (the full path reports it). */
    const scratch = new RowProblems(); // reused: the quick path only needs to know whether there were any
    const quick = (rec: CsvRecord, ctx: Context): NormalisedObservation | null => {
      const date = normaliseDate(getOf(rec.fields, 'date'));
      if (!date) return null;
      scratch.list.length = 0;
      const figures = figuresOf(rec.fields, scratch);
      return figures && !scratch.list.length ? rowOf(rec.line, date, figures, ctx) : null;
    };

    const figuresOf = (f: string[], problems: RowProblems): Figures | null => {
      const price = positive(getOf(f, 'price'), 'price', problems, true);
      const min = positive(getOf(f, 'min'), 'min', problems, false);
      const max = positive(getOf(f, 'max'), 'max', problems, false);
      if (min !== null && max !== null && min > max) problems.add('min', `${min} is above max ${max}`);
      if (price !== null && min !== null && price < min) problems.add('price', `${price} is below min ${min}`);
      if (price !== null && max !== null && price > max) problems.add('price', `${price} is above max ${max}`);
      const rawVolume = getOf(f, 'volume');
      let volume: number | null = null;
      if (rawVolume) {
        volume = parseNumber(rawVolume);
        if (volume === null || volume < 0) problems.add('volume', `'${rawVolume}' is not a number ≥ 0`);
      }
      return price === null ? null : { price, min, max, volume };
    };

    return (rec) => {
      const f = rec.fields;
      if (f.length !== width) return { line: rec.line, message: `expected ${width} fields, found ${f.length}` };
      return (last !== null && sameContext(f) && quick(rec, last)) || full(rec);
    };
  };
}

/** The columns that say what a price is of and where from (all but the date and the figures). */
const CONTEXT_COLUMNS = [
  'product',
  'category',
  'region',
  'market',
  'unit',
  'flag',
  'pricetype',
  'latitude',
  'longitude',
  'city',
  'source',
  'licence',
] as const;

type Figures = { price: number; min: number | null; max: number | null; volume: number | null };
type Context = Omit<
  NormalisedObservation,
  'line' | 'date' | 'price' | 'priceFen' | 'minFen' | 'maxFen' | 'volume' | 'currency' | 'sourcePrice' | 'marketNameZh'
> & {
  /** Base units in one pack ("50 KG" → 50): prices are per pack, stored per base unit. */
  quantity: number;
};

function rowOf(line: number, date: string, { price, min, max, volume }: Figures, c: Context): NormalisedObservation {
  const q = c.quantity;
  return {
    line,
    date,
    productCode: c.productCode,
    productNameEn: c.productNameEn,
    productNameZh: c.productNameZh,
    category: c.category,
    provinceCode: c.provinceCode,
    provinceAdcode: c.provinceAdcode,
    provinceEn: c.provinceEn,
    provinceZh: c.provinceZh,
    city: c.city,
    marketCode: c.marketCode,
    marketName: c.marketName,
    marketNameZh: null,
    lat: c.lat,
    lon: c.lon,
    price: price / q,
    priceFen: toFen(price / q),
    minFen: min === null ? null : toFen(min / q),
    maxFen: max === null ? null : toFen(max / q),
    volume: volume === null ? null : volume * q,
    unit: c.unit,
    currency: 'CNY',
    sourceUnit: c.sourceUnit,
    sourcePrice: price,
    flag: c.flag,
    priceType: c.priceType,
    source: c.source,
    licence: c.licence,
  };
}

function positive(rawValue: string, field: string, problems: RowProblems, required: boolean): number | null {
  if (!rawValue) {
    if (required) problems.add(field, 'missing');
    return null;
  }
  const n = parseNumber(rawValue);
  if (n === null) problems.add(field, `'${rawValue}' is not a number`);
  else if (n <= 0) problems.add(field, `${rawValue} must be greater than 0`);
  return n !== null && n > 0 ? n : null;
}

export function parseGenericCsv(text: string, options?: GenericCsvOptions): ParseResult {
  return parseText(text, genericMapperFactory(options), options);
}

export function parseGenericCsvStream(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options?: GenericCsvOptions,
) {
  return parseStream(source, genericMapperFactory(options), options);
}

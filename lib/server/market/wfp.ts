import 'server-only';
import { findProduct } from './products';
import { normaliseDate } from './dates';
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
import { toFen, type CategoryCode, type NormalisedObservation, type ParseResult } from './types';
import { parseUnit } from './units';

export const WFP_COLUMNS = [
  'date',
  'admin1',
  'admin2',
  'market',
  'latitude',
  'longitude',
  'category',
  'commodity',
  'unit',
  'priceflag',
  'pricetype',
  'currency',
  'price',
  'usdprice',
] as const;

/** Columns without which a row cannot be placed or priced; the rest may be absent from the header. */
export const WFP_REQUIRED = [
  'date',
  'admin1',
  'market',
  'category',
  'commodity',
  'unit',
  'pricetype',
  'price',
] as const;

export const WFP_SOURCE = 'WFP VAM via HDX';
export const WFP_LICENCE = 'CC BY-IGO';
export const WFP_ATTRIBUTION = 'Source: WFP VAM via HDX (CC BY-IGO)';

/** Chinese names of the cities (admin2) of the WFP China markets, shown as the market's Chinese name. */
const WFP_CITY_ZH: Record<string, string> = {
  Shijiazhuang: '石家庄',
  Harbin: '哈尔滨',
  Zhengzhou: '郑州',
  Jingmen: '荆门',
  Wuhan: '武汉',
  Jiujiang: '九江',
  Jilin: '吉林',
  Jinan: '济南',
  Linyi: '临沂',
  Yuncheng: '运城',
  Hangzhou: '杭州',
};

const FRUIT = /apple|banana|orange|mango|grape|melon|pear|lemon|citrus|papaya|pineapple|fruit|peach/;
const AQUATIC = /fish|shrimp|prawn|carp|tilapia|crab|squid|seafood/;

/** WFP's food groups → ours; mixed groups are split by the commodity name. */
export function wfpCategory(category: string, commodity: string): CategoryCode | null {
  const c = category.trim().toLowerCase();
  const name = commodity.toLowerCase();
  switch (c) {
    case 'cereals and tubers':
    case 'pulses and nuts':
      return 'grains';
    case 'vegetables and fruits':
      return FRUIT.test(name) ? 'fruit' : 'vegetables';
    case 'meat, fish and eggs':
      if (/egg/.test(name)) return 'eggs-dairy';
      return AQUATIC.test(name) ? 'aquatic' : 'meat-poultry';
    case 'milk and dairy':
      return 'eggs-dairy';
    case 'oil and fats':
      return 'oils';
    default:
      return null;
  }
}

/** A header row is WFP's when it names every required WFP column. */
export function isWfpHeader(fields: string[]): boolean {
  const cols = columnIndex(fields);
  return WFP_REQUIRED.every((c) => cols.has(c));
}

export const wfpMapperFactory: MapperFactory = (header) => {
  const cols = columnIndex(header.fields);
  const missing = WFP_REQUIRED.filter((c) => !cols.has(c));
  if (missing.length)
    return { line: header.line, message: `not a WFP price file: missing column(s) ${missing.join(', ')}` };
  const at = (name: string) => cols.get(name);
  const width = header.fields.length;

  return (rec) => {
    const f = rec.fields;
    // HDX files carry a second header of HXL hashtags (#date,#adm1+name,…): metadata, not data.
    if ((f[0] ?? '').trim().startsWith('#')) return null;
    if (f.length !== width) return { line: rec.line, message: `expected ${width} fields, found ${f.length}` };
    const get = (name: string) => {
      const i = at(name);
      return i === undefined ? '' : (f[i] ?? '').trim();
    };
    const problems = new RowProblems();

    const rawDate = get('date');
    const date = normaliseDate(rawDate);
    if (!date) problems.add('date', `'${rawDate}' is not a valid date (YYYY-MM-DD)`);
    const province = resolveProvince(get('admin1'), 'admin1', problems);
    const market = get('market');
    if (!market) problems.add('market', 'missing');

    const commodity = get('commodity');
    if (!commodity) problems.add('commodity', 'missing');
    const product = commodity ? findProduct(commodity) : null;
    const category = product?.category ?? wfpCategory(get('category'), commodity);
    if (commodity && !category) problems.add('category', `unknown food group '${get('category')}'`);

    const rawUnit = get('unit');
    const pack = parseUnit(rawUnit);
    if (!pack) problems.add('unit', `unknown unit '${rawUnit}'`);
    const rawFlag = get('priceflag');
    const flag = parseFlag(rawFlag);
    if (!flag) problems.add('priceflag', `unknown flag '${rawFlag}' (expected actual, forecast or aggregate)`);
    const rawType = get('pricetype');
    const priceType = parsePriceType(rawType);
    if (!priceType) problems.add('pricetype', `unknown price type '${rawType}' (expected Wholesale or Retail)`);
    const currency = get('currency');
    if (at('currency') !== undefined && currency.toUpperCase() !== 'CNY')
      problems.add('currency', `'${currency}' is not CNY`);

    const rawPrice = get('price');
    const sourcePrice = parseNumber(rawPrice);
    if (sourcePrice === null) problems.add('price', `'${rawPrice}' is not a number`);
    else if (sourcePrice <= 0) problems.add('price', `${rawPrice} must be greater than 0`);
    const lat = parseCoordinate(f[at('latitude') ?? -1], 'latitude', 90, problems);
    const lon = parseCoordinate(f[at('longitude') ?? -1], 'longitude', 180, problems);

    if (
      problems.list.length ||
      !date ||
      !province ||
      !pack ||
      !flag ||
      !priceType ||
      !category ||
      sourcePrice === null
    ) {
      return problems.toError(rec.line);
    }
    const price = sourcePrice / pack.quantity;
    const city = get('admin2');
    const row: NormalisedObservation = {
      line: rec.line,
      date,
      productCode: product?.code ?? slugify(commodity),
      productNameEn: product?.en ?? commodity,
      productNameZh: product?.zh ?? null,
      category,
      provinceCode: province.code,
      provinceAdcode: province.adcode,
      provinceEn: province.en,
      provinceZh: province.zh,
      city: city || null,
      marketCode: marketCodeOf(province.code, market),
      marketName: market,
      marketNameZh: WFP_CITY_ZH[city] ?? null,
      lat,
      lon,
      price,
      priceFen: toFen(price),
      minFen: null,
      maxFen: null,
      volume: null,
      unit: pack.unit,
      currency: 'CNY',
      sourceUnit: rawUnit,
      sourcePrice,
      flag,
      priceType,
      source: WFP_SOURCE,
      licence: WFP_LICENCE,
    };
    return row;
  };
};

/** Parses a whole WFP/HDX food-price CSV; every row and error carries its source line. */
export function parseWfp(text: string, options?: ParseOptions): ParseResult {
  return parseText(text, wfpMapperFactory, options);
}

export function parseWfpStream(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options?: ParseOptions,
) {
  return parseStream(source, wfpMapperFactory, options);
}

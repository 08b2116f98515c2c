import 'server-only';
import { DEFAULT_COUNTRY } from '@/lib/api/schemas/market-ids';
import { flagLabel, parseNumber, readPrice } from './fields';
import { fieldReader, Problems, readPriceFields, type PriceFormat } from './price-format';

/**
 * The generic price CSV: a header row names the columns (any order, case-insensitive);
 * docs/market-data.md "The generic CSV" lists them. Any other column is an error in the header, so a misspelt optional
 * column is never silently ignored. `country` defaults to China and `currency` to the country's,
 * so files written before countries existed import as they did.
 */
export const GENERIC_REQUIRED = ['product', 'region', 'market', 'date', 'price', 'unit'] as const;
export const GENERIC_OPTIONAL = [
  'country',
  'currency',
  'usdprice',
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
const KNOWN = new Set<string>([...GENERIC_REQUIRED, ...GENERIC_OPTIONAL]);

export const genericFormat: PriceFormat = {
  name: 'generic',
  matches: (h) => GENERIC_REQUIRED.every((c) => h.has(c)),
  mapper: (header, width, ctx) => {
    const unknown = [...header.keys()].filter((c) => !KNOWN.has(c));
    if (unknown.length) return `not a generic price file: unknown column(s) ${unknown.join(', ')}`;
    const get = fieldReader(header);
    return (f, line) => {
      const country = get(f, 'country') || ctx.country || DEFAULT_COUNTRY;
      if (f.length !== width) return { line, reason: `expected ${width} fields, found ${f.length}`, raw: f, country };
      const p = new Problems();
      const row = readPriceFields((name) => get(f, name), p, ctx, { flag: 'flag', defaultType: 'wholesale' });
      if (row === 'zero-forecast') return { skip: 'zero-forecast', country };
      const price = row?.price ?? null;
      const min = readPrice(get(f, 'min'), 'min', p, false);
      const max = readPrice(get(f, 'max'), 'max', p, false);
      if (min !== null && max !== null && min > max) p.add('min', `${min} is above max ${max}`);
      if (price !== null && min !== null && price < min) p.add('price', `${price} is below min ${min}`);
      if (price !== null && max !== null && price > max) p.add('price', `${price} is above max ${max}`);
      const rawVolume = get(f, 'volume');
      const volume = rawVolume ? parseNumber(rawVolume) : null;
      if (rawVolume && (volume === null || volume < 0)) p.add('volume', `'${rawVolume}' is not a number ≥ 0`);
      for (const c of ['product', 'region', 'market', 'unit'] as const) if (!get(f, c)) p.add(c, 'missing');
      if (p.list.length || !row)
        return { line, reason: p.reason, raw: f, country, flagLabel: flagLabel(get(f, 'flag')) ?? undefined };
      return {
        line,
        country,
        admin1: get(f, 'region'),
        admin2: get(f, 'city') || null,
        market: get(f, 'market'),
        marketRef: null,
        commodity: get(f, 'product'),
        catalogueName: true,
        category: get(f, 'category') || null,
        pack: get(f, 'unit'),
        ...row,
        min,
        max,
        volume,
        source: get(f, 'source') || ctx.source,
        licence: get(f, 'licence') || ctx.licence,
        raw: f,
      };
    };
  },
};

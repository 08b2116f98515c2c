import 'server-only';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { normaliseDate } from '@/lib/shared/dates';
import { columnIndex, EARLIEST_DAY, parseNumber } from './fields';
import type { Reject } from './types';

/**
 * Exchange-rate files (docs/market-data.md, "Exchange rates"): monthly rates of a currency
 * against the US dollar, imported like prices (`npm run data:import`, told apart by the header).
 *
 * - The Federal Reserve's H.10 release as FRED publishes it and the "exchange-rates" data
 *   package packs it: `Date,Country,Exchange rate`, one row per country and month. Every series of
 *   that package is local currency per US dollar — also the five H.10 quotes the other way round
 *   (Australia, Euro, Ireland, New Zealand, United Kingdom): the package inverts them (July 2008:
 *   Euro 0.6346, United Kingdom 0.5028, the dollar's strength then). A country is named, not a
 *   currency: the table below says which, with the currencies the euro replaced for their years.
 * - Any other source as `date,currency,rate[,source,licence]`: local currency per US dollar.
 */
export const H10_SOURCE = 'Federal Reserve H.10 via FRED';
export const H10_LICENCE = 'Public domain';
export const H10_ATTRIBUTION = 'Exchange rates: Board of Governors of the Federal Reserve System, H.10, via FRED';

/** H.10's series by the name FRED gives them → ISO 4217. */
const H10_CURRENCIES: Record<string, string> = {
  Australia: 'AUD',
  Austria: 'ATS',
  Belgium: 'BEF',
  Brazil: 'BRL',
  Canada: 'CAD',
  China: 'CNY',
  Denmark: 'DKK',
  Euro: 'EUR',
  Finland: 'FIM',
  France: 'FRF',
  Germany: 'DEM',
  Greece: 'GRD',
  'Hong Kong': 'HKD',
  India: 'INR',
  Ireland: 'IEP',
  Italy: 'ITL',
  Japan: 'JPY',
  Malaysia: 'MYR',
  Mexico: 'MXN',
  Netherlands: 'NLG',
  'New Zealand': 'NZD',
  Norway: 'NOK',
  Portugal: 'PTE',
  Singapore: 'SGD',
  'South Africa': 'ZAR',
  'South Korea': 'KRW',
  Spain: 'ESP',
  'Sri Lanka': 'LKR',
  Sweden: 'SEK',
  Switzerland: 'CHF',
  Taiwan: 'TWD',
  Thailand: 'THB',
  'United Kingdom': 'GBP',
  Venezuela: 'VES',
};

/** One month's rate as a file gives it: local currency units per US dollar. */
export type RateRow = { line: number; currency: string; month: string; rate: number; source: string; licence: string };

export type RatesFormat = 'h10' | 'rates';

/** Which rates layout a header is, or null for a file that is not one (a price file). */
export function ratesFormatOf(header: readonly string[]): RatesFormat | null {
  const h = columnIndex(header);
  if (h.has('date') && h.has('country') && h.has('exchange rate')) return 'h10';
  if (h.has('date') && h.has('currency') && h.has('rate') && !h.has('price')) return 'rates';
  return null;
}

export type RatesOptions = { source?: string; licence?: string };

/** Reads a rates file: its rows and rejects (with line and reason), and its layout. */
export async function readRatesCsv(
  input: Readable | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: RatesOptions = {},
): Promise<{ format: RatesFormat | null; rows: RateRow[]; rejects: Reject[] }> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (record: string[], context: { lines: number }) => Object.assign(record, { line: context.lines }),
  });
  const source = input instanceof Readable ? input : Readable.from(input);
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  const rows: RateRow[] = [];
  const rejects: Reject[] = [];
  let format: RatesFormat | null = null;
  let get: ((f: string[], c: string) => string) | null = null;
  for await (const record of parser as AsyncIterable<string[] & { line: number }>) {
    if (!get) {
      format = ratesFormatOf(record);
      if (!format) {
        rejects.push({
          line: record.line,
          reason: 'not a rates file: the header must be Date,Country,Exchange rate or date,currency,rate',
        });
        break;
      }
      const h = columnIndex(record);
      get = (f, c) => {
        const i = h.get(c);
        return i === undefined ? '' : (f[i] ?? '').trim();
      };
      continue;
    }
    const line = record.line;
    const problems: string[] = [];
    const day = normaliseDate(get(record, 'date'));
    if (!day || day < EARLIEST_DAY) problems.push(`date: '${get(record, 'date')}' is not a valid date (YYYY-MM-DD)`);
    let currency = '';
    if (format === 'h10') {
      const country = get(record, 'country');
      currency = H10_CURRENCIES[country] ?? '';
      if (!currency) problems.push(`country: '${country}' is not an H.10 series`);
    } else {
      currency = get(record, 'currency').toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) problems.push(`currency: '${get(record, 'currency')}' is not an ISO 4217 code`);
    }
    const raw = get(record, format === 'h10' ? 'exchange rate' : 'rate');
    const rate = parseNumber(raw);
    if (rate === null || !(rate > 0)) problems.push(`rate: '${raw}' is not a number greater than 0`);
    if (problems.length || !day || rate === null) {
      rejects.push({ line, reason: problems.join('; '), raw: record });
      continue;
    }
    rows.push({
      line,
      currency,
      month: `${day.slice(0, 7)}-01`,
      rate,
      source: format === 'h10' ? H10_SOURCE : get(record, 'source') || options.source || 'Imported rates',
      licence: format === 'h10' ? H10_LICENCE : get(record, 'licence') || options.licence || 'unspecified',
    });
  }
  return { format, rows, rejects };
}

import 'server-only';
import { dayNumberOf } from './dates';
import { memo } from './memo';
import { CsvParser, CsvSyntaxError, parseCsvChunks, type CsvRecord } from './csv';
import { findProvince, slugify } from './provinces';
import {
  toFen,
  type NormalisedObservation,
  type ParseError,
  type ParseResult,
  type PriceFlag,
  type PriceType,
} from './types';

/** Turns one data record into an observation or an error; null for records to skip (the HXL row). */
export type RowMapper = (rec: CsvRecord) => NormalisedObservation | ParseError | null;
/** Builds a row mapper from the header record, or reports what is wrong with the header. */
export type MapperFactory = (header: CsvRecord) => RowMapper | ParseError;

export interface ParseOptions {
  /** Report a second row for the same product, market, date, price type and flag (default true; costs memory on huge files). */
  detectDuplicates?: boolean;
}

export function isParseError(x: NormalisedObservation | ParseError): x is ParseError {
  return 'message' in x;
}

/** Runs a mapper over a whole text; CSV syntax errors become an error at their line and stop the parse. */
export function parseText(text: string, factory: MapperFactory, options: ParseOptions = {}): ParseResult {
  const rows: NormalisedObservation[] = [];
  const errors: ParseError[] = [];
  const sink = makeSink(factory, options, (x) => (isParseError(x) ? errors.push(x) : rows.push(x)));
  const parser = new CsvParser();
  const records: CsvRecord[] = [];
  try {
    parser.push(text, records);
    parser.end(records);
  } catch (e) {
    if (!(e instanceof CsvSyntaxError)) throw e;
    for (const rec of records) sink(rec);
    errors.push({ line: e.line, message: e.message.replace(/^line \d+: /, '') });
    return { rows, errors };
  }
  for (const rec of records) sink(rec);
  if (!sink.sawHeader()) errors.push({ line: 1, message: 'the file is empty (a header row is required)' });
  return { rows, errors };
}

/** The same, one result at a time from a byte or text stream (for imports of files too big to hold). */
export async function* parseStream(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  factory: MapperFactory,
  options: ParseOptions = {},
): AsyncGenerator<NormalisedObservation | ParseError> {
  for await (const batch of parseStreamBatches(source, factory, options)) yield* batch;
}

/** The same in arrays, one per chunk read (what an import uses: one await per chunk, not per row). */
export async function* parseStreamBatches(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  factory: MapperFactory,
  options: ParseOptions = {},
): AsyncGenerator<(NormalisedObservation | ParseError)[]> {
  let pending: (NormalisedObservation | ParseError)[] = [];
  const sink = makeSink(factory, options, (x) => pending.push(x));
  const take = () => {
    const b = pending;
    pending = [];
    return b;
  };
  try {
    for await (const recs of parseCsvChunks(source)) {
      for (const rec of recs) sink(rec);
      if (pending.length) yield take();
    }
  } catch (e) {
    if (!(e instanceof CsvSyntaxError)) throw e;
    pending.push({ line: e.line, message: e.message.replace(/^line \d+: /, '') });
    yield take();
    return;
  }
  if (!sink.sawHeader()) pending.push({ line: 1, message: 'the file is empty (a header row is required)' });
  if (pending.length) yield take();
}

type Sink = ((rec: CsvRecord) => void) & { sawHeader: () => boolean };

function makeSink(
  factory: MapperFactory,
  options: ParseOptions,
  emit: (x: NormalisedObservation | ParseError) => void,
): Sink {
  let mapper: RowMapper | null = null;
  let headerFailed = false;
  // product → market → (day, price type, flag) packed in a number → first line: no key string
  // per row (a million-row file would otherwise allocate a million of them).
  const seen = options.detectDuplicates === false ? null : new Map<string, Map<string, Map<number, number>>>();
  const sink = (rec: CsvRecord) => {
    if (headerFailed) return;
    if (!mapper) {
      const m = factory(rec);
      if (typeof m === 'function') mapper = m;
      else {
        headerFailed = true;
        emit(m);
      }
      return;
    }
    const out = mapper(rec);
    if (!out) return;
    if (seen && !isParseError(out)) {
      let byMarket = seen.get(out.productCode);
      if (!byMarket) seen.set(out.productCode, (byMarket = new Map()));
      let keys = byMarket.get(out.marketCode);
      if (!keys) byMarket.set(out.marketCode, (keys = new Map()));
      const k =
        dayNumberOf(out.date) * 8 +
        (out.priceType === 'retail' ? 4 : 0) +
        (out.flag === 'actual' ? 0 : out.flag === 'forecast' ? 1 : 2);
      const first = keys.get(k);
      if (first !== undefined) {
        emit({
          line: rec.line,
          message: `duplicate of line ${first} (same product, market, date, price type and flag)`,
        });
        return;
      }
      keys.set(k, rec.line);
    }
    emit(out);
  };
  return Object.assign(sink, { sawHeader: () => mapper !== null || headerFailed });
}

/** Header names → column index, lower-cased and trimmed. */
export function columnIndex(header: string[]): Map<string, number> {
  const m = new Map<string, number>();
  header.forEach((h, i) => m.set(h.trim().toLowerCase(), i));
  return m;
}

/**
 * Strict decimal number (no "", "0x10", "1,5"): `[+-]digits[.digits][e[+-]digits]`, a leading
 * "." allowed; surrounding whitespace ignored. Null when it is not one. Scanned by hand (it runs
 * for several fields of every row of a big file; a regular expression cost twice as much).
 */
export function parseNumber(raw: string): number | null {
  const s = raw.length && (raw.charCodeAt(0) <= 32 || raw.charCodeAt(raw.length - 1) <= 32) ? raw.trim() : raw;
  const n = s.length;
  let i = 0;
  let c = s.charCodeAt(0);
  if (c === 43 || c === 45) c = s.charCodeAt(++i);
  let digits = 0;
  let mantissa = 0;
  let decimals = 0;
  let exponent = false;
  while (c >= 48 && c <= 57) {
    digits++;
    mantissa = mantissa * 10 + (c - 48);
    c = s.charCodeAt(++i);
  }
  if (c === 46) {
    c = s.charCodeAt(++i);
    while (c >= 48 && c <= 57) {
      digits++;
      decimals++;
      mantissa = mantissa * 10 + (c - 48);
      c = s.charCodeAt(++i);
    }
  }
  if (digits === 0) return null;
  if (c === 101 || c === 69) {
    c = s.charCodeAt(++i);
    if (c === 43 || c === 45) c = s.charCodeAt(++i);
    let exp = 0;
    while (c >= 48 && c <= 57) {
      exp++;
      c = s.charCodeAt(++i);
    }
    if (exp === 0) return null;
    exponent = true;
  }
  if (i !== n) return null;
  // Up to 15 digits the mantissa is exact, and so is 10^decimals: their quotient is the double
  // nearest the decimal, the same as Number() gives (Clinger's fast path), without a second parse.
  if (!exponent && digits <= 15) {
    const v = mantissa / POWERS_OF_TEN[decimals]!;
    return s.charCodeAt(0) === 45 ? -v : v;
  }
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * Flags may be combined ("actual,aggregate"). The row's single flag is the least "actual" one:
 * forecast beats aggregate beats actual, so derived values never pass for observed prices.
 */
export function parseFlag(raw: string): PriceFlag | null {
  const parts = raw
    .toLowerCase()
    .split(/[,;+|/\s]+/)
    .filter(Boolean);
  if (parts.length === 0) return 'actual';
  let flag: PriceFlag = 'actual';
  for (const part of parts) {
    if (part === 'forecast') flag = 'forecast';
    else if (part === 'aggregate' || part === 'aggregated') flag = flag === 'forecast' ? flag : 'aggregate';
    else if (part !== 'actual') return null;
  }
  return flag;
}

export function parsePriceType(raw: string): PriceType | null {
  const s = raw.trim().toLowerCase();
  if (s === 'wholesale' || s === '批发') return 'wholesale';
  if (s === 'retail' || s === '零售') return 'retail';
  return null;
}

/** Collects a row's problems so the message names every bad field at once. */
export class RowProblems {
  readonly list: string[] = [];
  add(field: string, why: string): void {
    this.list.push(`${field}: ${why}`);
  }
  toError(line: number): ParseError {
    return { line, message: this.list.join('; ') };
  }
}

/** Optional coordinate: empty → null; out of range or not a number → a problem. */
export function parseCoordinate(
  raw: string | undefined,
  field: string,
  limit: number,
  problems: RowProblems,
): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const n = parseNumber(raw);
  if (n === null || Math.abs(n) > limit) {
    problems.add(field, `'${raw}' is not a valid coordinate`);
    return null;
  }
  return n;
}

export function resolveProvince(raw: string, field: string, problems: RowProblems) {
  if (raw.trim() === '') {
    problems.add(field, 'missing');
    return null;
  }
  const p = findProvince(raw);
  if (!p) problems.add(field, `unknown province '${raw}'`);
  return p;
}

const marketSlug = memo(slugify);

export function marketCodeOf(provinceCode: string, market: string): string {
  return `${provinceCode}/${marketSlug(market)}`;
}

export { toFen };

import 'server-only';
import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { columnIndex } from './fields';
import { genericFormat } from './generic-csv';
import { isReject, isSkip, type FormatContext, type Mapped, type PriceFormat } from './price-format';
import type { Reject, SourceRow } from './types';
import { wfpFormat } from './wfp';

const FORMATS: readonly PriceFormat[] = [wfpFormat, genericFormat];

export const UNKNOWN_FORMAT =
  'unknown file format: the header must have the WFP columns (date, admin1, market, commodity, unit, pricetype, price) or the generic ones (product, region, market, date, price, unit)';

/** What reading a file found besides its rows (filled in as it is read). */
export interface ReadTally {
  format: PriceFormat['name'] | null;
  /** Data rows read (the header and HXL rows are not data). */
  rows: number;
  /** Rows by their flag as written: actual, aggregate, "actual,aggregate", forecast… */
  flags: Record<string, number>;
  /** Forecast rows with a price of 0 ("no forecast"), skipped; and by the country they name. */
  zeroForecasts: number;
  zeroForecastsBy: Record<string, number>;
}

export type ReadOptions = Partial<Pick<FormatContext, 'country' | 'source' | 'licence'>> & {
  /** Rows per batch handed to the import (one await per batch, not per row). */
  batchRows?: number;
};

/** The country a file name says, as HDX names them: `wfp_food_prices_bgd.csv` → BGD. */
export function countryFromFileName(file: string): string | null {
  const m = /[_-]([a-z]{3})\.csv$/i.exec(file.split(/[/\\]/).pop() ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

/**
 * Reads a price file (WFP/HDX or the generic CSV, told apart by the header) with csv-parse and
 * yields its rows and rejects in batches, each with its line number. A bad record never stops
 * the file: it becomes a reject, and the import decides whether there were too many.
 */
export async function* readPriceCsv(
  input: Readable | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  tally: ReadTally,
  options: ReadOptions = {},
): AsyncGenerator<(SourceRow | Reject)[]> {
  const batchRows = options.batchRows ?? 10_000;
  const ctx: FormatContext = {
    country: options.country ?? null,
    source: options.source ?? 'Imported CSV',
    licence: options.licence ?? 'unspecified',
    countFlag: (label) => void (tally.flags[label] = (tally.flags[label] ?? 0) + 1),
  };
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    // The line a record ends on, kept with it (cheaper than csv-parse's `info` object per record).
    on_record: (record: string[], context: { lines: number }) => Object.assign(record, { line: context.lines }),
  });
  let batch: (SourceRow | Reject)[] = [];
  parser.on('skip', (e: CsvError & { lines?: number }) => {
    tally.rows++;
    batch.push({ line: e.lines ?? 0, reason: `CSV syntax: ${e.message}` });
  });
  const source = input instanceof Readable ? input : Readable.from(input);
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  let map: ((f: readonly string[], line: number) => Mapped) | null = null;
  for await (const records of inChunks<string[] & { line: number }>(parser)) {
    for (const record of records) {
      if (!map) {
        const header = columnIndex(record);
        const format = FORMATS.find((f) => f.matches(header));
        const mapper = format?.mapper(header, record.length, ctx) ?? UNKNOWN_FORMAT;
        if (typeof mapper === 'string') {
          parser.destroy();
          source.destroy();
          yield [{ line: record.line, reason: mapper }];
          return;
        }
        tally.format = format!.name;
        map = mapper;
        continue;
      }
      const out = map(record, record.line);
      if (isSkip(out)) {
        if (out.skip === 'zero-forecast') {
          tally.rows++;
          tally.zeroForecasts++;
          const c = out.country ?? '';
          tally.zeroForecastsBy[c] = (tally.zeroForecastsBy[c] ?? 0) + 1;
        }
        continue;
      }
      tally.rows++;
      batch.push(out);
    }
    if (batch.length >= batchRows) {
      yield batch;
      batch = [];
    }
  }
  if (!map) batch.push({ line: 1, reason: 'the file is empty (a header row is required)' });
  if (batch.length) yield batch;
}

/** What a stream has ready, in arrays: one await per chunk of records, not one per record. */
async function* inChunks<T>(stream: Readable): AsyncGenerator<T[]> {
  let wake: (() => void) | null = null;
  let ended = false;
  let failure: unknown = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  stream.on('readable', poke);
  stream.on('end', () => ((ended = true), poke()));
  stream.on('error', (e) => ((failure = e), poke()));
  for (;;) {
    const out: T[] = [];
    for (let r = stream.read(); r !== null; r = stream.read()) out.push(r as T);
    if (out.length) yield out;
    else if (failure) throw failure;
    else if (ended || stream.destroyed) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

export function newTally(): ReadTally {
  return { format: null, rows: 0, flags: {}, zeroForecasts: 0, zeroForecastsBy: {} };
}

export { isReject };

/** A whole file's text read at once: its rows, its rejects and the tally (tests, small files). */
export async function readPriceText(text: string, options: ReadOptions = {}) {
  const tally = newTally();
  const rows: SourceRow[] = [];
  const rejects: Reject[] = [];
  for await (const batch of readPriceCsv([text], tally, options))
    for (const x of batch) (isReject(x) ? rejects : rows).push(x as never);
  return { rows, rejects, tally };
}

import 'server-only';
import { CsvSyntaxError, parseCsv } from './csv';
import { genericMapperFactory, isGenericHeader, type GenericCsvOptions } from './generic-csv';
import { parseStream, parseStreamBatches, parseText } from './row-mapper';
import type { NormalisedObservation, ParseError, ParseResult } from './types';
import { isWfpHeader, wfpMapperFactory } from './wfp';

export type MarketCsvFormat = 'wfp' | 'generic';

/** Which parser reads a file, from its first line; null when neither format's columns are all there. */
export function detectFormat(headerLine: string): MarketCsvFormat | null {
  let fields: string[];
  try {
    fields = parseCsv(headerLine.split(/\r?\n|\r/, 1)[0] ?? '')[0]?.fields ?? [];
  } catch (e) {
    if (e instanceof CsvSyntaxError) return null;
    throw e;
  }
  if (isWfpHeader(fields)) return 'wfp';
  if (isGenericHeader(fields)) return 'generic';
  return null;
}

const UNKNOWN_FORMAT =
  'unknown file format: the header must have the WFP columns (date, admin1, market, category, commodity, unit, pricetype, price) or the generic ones (product, region, market, date, price, unit)';

export function factoryFor(format: MarketCsvFormat, options: GenericCsvOptions = {}) {
  return format === 'wfp' ? wfpMapperFactory : genericMapperFactory(options);
}

/** Parses a whole file in whichever supported format its header shows. */
export function parseMarketCsv(
  text: string,
  options: GenericCsvOptions = {},
): ParseResult & { format: MarketCsvFormat | null } {
  const format = detectFormat(firstLine(text));
  if (!format) return { format, rows: [], errors: [{ line: 1, message: UNKNOWN_FORMAT }] };
  return { format, ...parseText(text, factoryFor(format, options), options) };
}

function firstLine(text: string): string {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const m = /\r?\n|\r/.exec(text.slice(start, start + 64 * 1024));
  return text.slice(start, m ? start + m.index : start + 64 * 1024);
}

/** Streaming variant: the caller reads the first line (e.g. the first chunk) to pick the format. */
export function streamMarketCsv(
  format: MarketCsvFormat,
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: GenericCsvOptions = {},
) {
  return parseStream(source, factoryFor(format, options), options);
}

/**
 * Streaming with the format detected from the file's first line: reads (and decodes) chunks until
 * the first line is complete, then parses everything. An unknown header yields one error, line 1.
 */
export async function* parseMarketStream(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: GenericCsvOptions = {},
): AsyncGenerator<NormalisedObservation | ParseError> {
  for await (const batch of parseMarketBatches(source, options)) yield* batch;
}

/** The same in arrays, one per chunk read (imports: one await per chunk, not per row). */
export async function* parseMarketBatches(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: GenericCsvOptions = {},
): AsyncGenerator<(NormalisedObservation | ParseError)[]> {
  const decoder = new TextDecoder('utf-8');
  const iterator = (Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]()) as
    | AsyncIterator<string | Uint8Array>
    | Iterator<string | Uint8Array>;
  const head: string[] = [];
  let seen = '';
  let done = false;
  while (!/\r|\n/.test(seen)) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      head.push(decoder.decode());
      break;
    }
    const text = typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
    head.push(text);
    seen += text;
  }
  const format = detectFormat(firstLine(head.join('')));
  if (!format) {
    yield [{ line: 1, message: UNKNOWN_FORMAT }];
    return;
  }
  async function* rest(): AsyncGenerator<string> {
    yield* head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      yield typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  }
  yield* parseStreamBatches(rest(), factoryFor(format, options), options);
}

export { UNKNOWN_FORMAT };

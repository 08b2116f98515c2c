import 'server-only';
import { createReadStream } from 'node:fs';
import { appendFile, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../../db/client';
import { countryFromFileName, isReject, newTally, readPriceCsv, type ReadTally } from '../../../market/price-csv';
import type { Reject, SourceRow } from '../../../market/types';
import {
  ImportRejected,
  importRows,
  openCounted,
  rejectsPathOf,
  writeRejects,
  type FileImportOptions,
  type ImportSummary,
} from './pipeline';

/**
 * A file whose rows name their own country — HDX's global WFP file (`countryiso3`), or a generic
 * CSV with a `country` column — is imported country by country (docs/market-data.md, "Import"):
 * each country in its own transaction, with its own bad-row threshold and summary, so one
 * country's broken rows never refuse another's prices. The file is read once: rows are spooled
 * per country to a temporary directory (the global file is not sorted by country), then each
 * country's rows go through the one import path (`importRows`).
 */

/** One country's part of the file: imported, or refused with the reason (nothing of it written). */
export type CountryImport = { country: string; summary: ImportSummary; refused: string | null };

export type ByCountryResult = {
  /** Countries in the order the file first names them. */
  countries: CountryImport[];
  /** Bad rows that name no country (a broken record): in the rejects file, counted against none. */
  unplaced: Reject[];
  rows: number;
};

/** A CSV file's header row (its first line), as csv-parse reads it. */
export async function csvHeader(file: string): Promise<string[]> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const first = buf.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '';
    const [header] = parse(first, { bom: true, relax_quotes: true, relax_column_count: true }) as string[][];
    return header ?? [];
  } finally {
    await fh.close();
  }
}

/** Whether a price file's header has a per-row country column (`countryiso3`, or `country` beside `product`). */
export function rowsNameCountry(header: readonly string[]): boolean {
  const names = new Set(header.map((h) => h.trim().toLowerCase()));
  return names.has('countryiso3') || (names.has('country') && names.has('product'));
}

const FLUSH_BYTES = 256 * 1024;
const BATCH = 10_000;

type Group = { key: string; file: string; buffer: string; tally: ReadTally };

/** Imports a file of many countries, one transaction per country; every bad row goes to one rejects file. */
export async function importCsvByCountry(
  db: Db,
  file: string,
  options: FileImportOptions & { onCountry?: (c: CountryImport) => void } = {},
): Promise<ByCountryResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'import-by-country-'));
  const all: Reject[] = [];
  const unplaced: Reject[] = [];
  const groups = new Map<string, Group>();
  const tally = newTally();
  const { stream, total } = openCounted(file, options.onBytes);
  const flush = async (g: Group) => {
    if (!g.buffer) return;
    const text = g.buffer;
    g.buffer = '';
    await appendFile(g.file, text);
  };
  try {
    const country = options.country ?? countryFromFileName(file);
    for await (const batch of readPriceCsv(stream, tally, { ...options, country })) {
      for (const x of batch) {
        const key = (isReject(x) ? (x.country ?? '') : x.country).trim().toUpperCase();
        if (!key) {
          unplaced.push(isReject(x) ? x : { line: x.line, reason: 'country: missing', raw: x.raw });
          continue;
        }
        let g = groups.get(key);
        if (!g) {
          g = { key, file: path.join(dir, `${groups.size}.jsonl`), buffer: '', tally: newTally() };
          groups.set(key, g);
        }
        g.tally.rows++;
        const label = isReject(x) ? x.flagLabel : (x.flagLabel ?? x.flag);
        if (label) g.tally.flags[label] = (g.tally.flags[label] ?? 0) + 1;
        g.buffer += `${JSON.stringify(x)}\n`;
        if (g.buffer.length > FLUSH_BYTES) await flush(g);
      }
      options.onRows?.(tally.rows);
    }
    for (const g of groups.values()) await flush(g);
    options.onBytes?.(total, total);
    all.push(...unplaced);
    // Not a price file at all: the one import path says so, as for any file.
    if (tally.format === null) await importRows(db, [unplaced], options, tally);

    const results: CountryImport[] = [];
    for (const g of groups.values()) {
      g.tally.format = tally.format;
      g.tally.zeroForecasts = tally.zeroForecastsBy[g.key] ?? 0;
      g.tally.rows += g.tally.zeroForecasts;
      const opts = { ...options, onRows: undefined, onReject: (r: Reject) => (all.push(r), options.onReject?.(r)) };
      let result: CountryImport;
      try {
        result = { country: g.key, summary: await importRows(db, spooled(g.file), opts, g.tally), refused: null };
      } catch (e) {
        if (!(e instanceof ImportRejected)) throw e;
        result = { country: g.key, summary: e.summary, refused: e.message };
      }
      results.push(result);
      options.onCountry?.(result);
    }
    return { countries: results, unplaced, rows: tally.rows };
  } finally {
    stream.destroy();
    await rm(dir, { recursive: true, force: true });
    const rejectsPath = options.rejectsPath === undefined ? rejectsPathOf(file) : options.rejectsPath;
    await writeRejects(
      rejectsPath,
      all.sort((a, b) => a.line - b.line),
    );
  }
}

/** A country's spooled rows, in batches, as the reader gave them. */
async function* spooled(file: string): AsyncGenerator<(SourceRow | Reject)[]> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let batch: (SourceRow | Reject)[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(JSON.parse(line) as SourceRow | Reject);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

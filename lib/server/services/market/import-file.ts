import 'server-only';
import { createReadStream, statSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parseMarketBatches } from '../../market/format';
import { isParseError } from '../../market/row-mapper';
import type { GenericCsvOptions } from '../../market/generic-csv';
import type { NormalisedObservation, ParseError } from '../../market/types';
import { BATCH_ROWS, createStage, mergeStage, writeBatch, type ChangedSeries, type ImportCounts } from './import-rows';
import { bumpDataVersion } from './cache';
import { refreshIndexes } from './index-refresh';
import { References } from './references';
import { refreshDerived, type SourceSpan } from './refresh';

export type ImportSummary = ImportCounts & {
  rows: number;
  products: number;
  markets: number;
  from: string | null;
  to: string | null;
  indexes: { definitions: number; values: number } | null;
  ms: { parse: number; merge: number; derived: number; indexes: number; total: number };
};

type Item = NormalisedObservation | ParseError;

/** The file was refused as a whole: nothing was written. `errors` holds the first ones, by line. */
export class ImportRejected extends Error {
  constructor(
    readonly errors: ParseError[],
    readonly errorCount: number,
  ) {
    super(`${errorCount} bad row(s); nothing was imported. First: line ${errors[0]?.line}: ${errors[0]?.message}`);
    this.name = 'ImportRejected';
  }
}

export type ImportOptions = {
  /** Called after each staged batch with the rows read so far. */
  onRows?: (rows: number) => void;
  /** Errors kept for the report (all are counted). */
  maxErrors?: number;
  /** Skip the index refresh (a caller importing several files refreshes once at the end). */
  skipIndexes?: boolean;
};

/**
 * Imports a stream of parsed rows atomically (product.md §2): every row is staged and checked
 * first; one bad row (or duplicate) and the transaction rolls back, so the file is never
 * half-applied. Otherwise rows are upserted (re-importing changes nothing), and the derived
 * tables and indexes are brought up to date in the same transaction.
 */
export async function importRows(
  db: Db,
  source: AsyncIterable<Item | Item[]> | Iterable<Item | Item[]>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const maxErrors = options.maxErrors ?? 100;
  const t0 = performance.now();
  return db.transaction(async (tx) => {
    // Big sorts and hash aggregates (refresh, merge) stay in memory instead of spilling.
    await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
    await createStage(tx);
    const refs = new References();
    const errors: ParseError[] = [];
    let errorCount = 0;
    let rows = 0;
    let staged = 0;
    let direct = 0;
    let batch: NormalisedObservation[] = [];
    const changed: ChangedSeries[] = [];
    const sources = new Map<string, SourceSpan>();
    const products = new Set<string>();
    const markets = new Set<string>();
    let from: string | null = null;
    let to: string | null = null;
    // Batches are written while the next one is parsed: with PostgreSQL the database works on one
    // core while this process parses on the other (PGlite runs in this thread, so it just queues).
    let writing: Promise<void> = Promise.resolve();
    const write = async (b: NormalisedObservation[]) => {
      const maps = await refs.upsert(tx, b);
      let prev: NormalisedObservation | null = null;
      let s: SourceSpan | undefined;
      for (const r of b) {
        if (!prev || !s || r.productCode !== prev.productCode || r.source !== prev.source) {
          const p = maps.product.get(r.productCode) ?? 0;
          const sid = maps.source.get(r.source) ?? 0;
          const k = `${p}:${sid}`;
          s = sources.get(k);
          if (!s) sources.set(k, (s = { productNum: p, sourceId: sid, from: r.date, to: r.date }));
        }
        if (r.date < s.from) s.from = r.date;
        if (r.date > s.to) s.to = r.date;
        prev = r;
      }
      const w = await writeBatch(tx, b, maps);
      direct += w.inserted;
      if (w.inserted) for (const c of w.changed) changed.push(c);
      else staged += b.length;
    };
    const flush = async (wait = false) => {
      await writing; // at most one batch in flight: memory stays bounded
      if (batch.length) {
        const b = batch;
        batch = [];
        writing = write(b);
        writing.catch(() => {}); // handled where it is awaited (next flush); not an unhandled rejection meanwhile
        options.onRows?.(rows);
      }
      if (wait) await writing;
    };
    try {
      for await (const got of source) {
        for (const x of Array.isArray(got) ? got : [got]) {
          if (isParseError(x)) {
            errorCount++;
            if (errors.length < maxErrors) errors.push(x);
            continue;
          }
          if (errorCount) continue; // the file will be refused; keep reading only to report every bad line
          rows++;
          batch.push(x);
          products.add(x.productCode);
          markets.add(x.marketCode);
          if (from === null || x.date < from) from = x.date;
          if (to === null || x.date > to) to = x.date;
          if (batch.length >= BATCH_ROWS) await flush();
        }
      }
      await writing;
      if (errorCount) throw new ImportRejected(errors, errorCount);
      await flush(true);
    } catch (e) {
      throw duplicateKey(e) ?? e;
    }
    const tParsed = performance.now();
    let merged: Awaited<ReturnType<typeof mergeStage>>;
    try {
      merged = await mergeStage(tx, staged);
    } catch (e) {
      throw duplicateKey(e) ?? e;
    }
    for (const c of merged.changed) changed.push(c);
    const counts = { ...merged.counts, inserted: merged.counts.inserted + direct };
    const tMerged = performance.now();
    await refreshDerived(tx, changed, [...sources.values()]);
    const tDerived = performance.now();
    const indexes = changed.length && !options.skipIndexes ? await refreshIndexes(tx) : null;
    // Any new or changed row (a forecast, a new product or market) moves the version, not only actual prices.
    if (changed.length || counts.inserted || counts.updated) await bumpDataVersion(tx);
    const tDone = performance.now();
    return {
      ...counts,
      rows,
      products: products.size,
      markets: markets.size,
      from,
      to,
      indexes,
      ms: { parse: Math.round(tParsed - t0), merge: Math.round(tMerged - tParsed), derived: Math.round(tDerived - tMerged), indexes: Math.round(tDone - tDerived), total: Math.round(tDone - t0) },
    };
  });
}

/** Two rows with one key (a CSV has its duplicates reported by line before this; other sources land here). */
function duplicateKey(e: unknown): ImportRejected | null {
  const state = sqlState(e);
  if (state !== '23505' && state !== '21000') return null;
  return new ImportRejected([{ line: 0, message: 'two rows for the same product, market, date, price type and flag' }], 1);
}

function sqlState(e: unknown): string | undefined {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined; x; x = x.cause as typeof x) if (typeof x.code === 'string') return x.code;
  return undefined;
}

/** Imports one CSV file (WFP/HDX or the generic format, told apart by the header). */
export async function importCsvFile(db: Db, path: string, options: ImportOptions & GenericCsvOptions & { onBytes?: (read: number, total: number) => void } = {}) {
  const total = statSync(path).size;
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  let read = 0;
  async function* chunks() {
    for await (const c of stream as AsyncIterable<Buffer>) {
      read += c.length;
      options.onBytes?.(read, total);
      yield c as Uint8Array;
    }
  }
  return importRows(db, parseMarketBatches(chunks(), options), options);
}

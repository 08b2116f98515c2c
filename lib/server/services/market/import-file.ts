import 'server-only';
import { createReadStream, statSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { parseMarketBatches } from '../../market/format';
import type { GenericCsvOptions } from '../../market/generic-csv';
import type { NormalisedObservation, ParseError } from '../../market/types';
import { addSourceSpans, type ChangedSeries } from './import-batch';
import { createStage, mergeStage, writeBatch, type ImportCounts } from './import-rows';
import { bumpDataVersion } from './cache';
import { PRICE_TYPE_CODE } from '../../market/codes';
import { RowCollector } from './row-collector';
import { computeIndexValues, type ComputedIndexes, type IndexInput } from './index-compute';
import { readIndexInput, storeIndexes } from './index-refresh';
import { References } from './references';
import { hadActualPrices, refreshDerived, type SourceSpan } from './refresh';
import type { RegionMeans } from './region-means';

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
 * Imports a stream of parsed rows atomically (docs/market-data.md): every row is staged and checked
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
    await beginImport(tx);
    const refs = new References();
    const rowsIn = new RowCollector(maxErrors);
    let staged = 0;
    let direct = 0;
    const changed: ChangedSeries[] = [];
    const sources = new Map<string, SourceSpan>();
    // Batches are written while the next one is parsed: with PostgreSQL the database works on one
    // core while this process parses on the other (PGlite runs in this thread, so it just queues).
    let writing: Promise<void> = Promise.resolve();
    const write = async (b: NormalisedObservation[]) => {
      const maps = await refs.upsert(tx, b);
      addSourceSpans(b, maps, sources);
      const w = await writeBatch(tx, b, maps);
      direct += w.inserted;
      if (w.inserted) for (const c of w.changed) changed.push(c);
      else staged += b.length;
    };
    const flush = async (wait = false) => {
      await writing; // at most one batch in flight: memory stays bounded
      const b = rowsIn.take();
      if (b.length) {
        writing = write(b);
        writing.catch(() => {}); // handled where it is awaited (next flush); not an unhandled rejection meanwhile
        options.onRows?.(rowsIn.rows);
      }
      if (wait) await writing;
    };
    try {
      for await (const got of source) {
        for (const x of Array.isArray(got) ? got : [got]) if (rowsIn.add(x)) await flush();
      }
      await writing;
      if (rowsIn.errorCount) throw new ImportRejected(rowsIn.errors, rowsIn.errorCount);
      await flush(true);
    } catch (e) {
      throw duplicateKey(e) ?? e;
    }
    const { rows, from, to } = rowsIn;
    return finishImport(
      tx,
      {
        t0,
        staged,
        direct,
        changed,
        sources,
        rows,
        products: rowsIn.products.size,
        markets: rowsIn.markets.size,
        from,
        to,
      },
      options,
    );
  });
}

/** Where an import stands once every row is written or staged. */
export type WrittenImport = {
  t0: number;
  staged: number;
  direct: number;
  changed: ChangedSeries[];
  /** Region prices summed up from every row written directly (a PostgreSQL import; see region-means.ts). */
  means?: RegionMeans;
  /**
   * Computes the indexes elsewhere (the import's worker thread) while this thread writes the
   * derived prices; with `ownPrices` it adds the file's actual wholesale prices to the input.
   */
  computeIndexes?: (input: IndexInput, ownPrices: boolean) => Promise<ComputedIndexes>;
  sources: Map<string, SourceSpan>;
  rows: number;
  products: number;
  markets: number;
  from: string | null;
  to: string | null;
};

/** Merges the staged rows, brings derived prices and indexes up to date, and sums up (in the import's transaction). */
export async function finishImport(
  tx: Tx,
  w: WrittenImport,
  options: Pick<ImportOptions, 'skipIndexes'>,
): Promise<ImportSummary> {
  const tParsed = performance.now();
  let merged: Awaited<ReturnType<typeof mergeStage>>;
  try {
    merged = await mergeStage(tx, w.staged);
  } catch (e) {
    throw duplicateKey(e) ?? e;
  }
  const changed = [...w.changed, ...merged.changed];
  const counts = { ...merged.counts, inserted: merged.counts.inserted + w.direct };
  const tMerged = performance.now();
  const lap = (what: string) =>
    process.env.MARKET_TIMING && console.error(`  import: ${what} at +${Math.round(performance.now() - tMerged)} ms`);
  // The region prices summed up during the import are complete when every row went in directly
  // and none of its products had actual prices of that type before (a first load).
  const fresh = w.means && w.staged === 0 && !(await hadActualPrices(tx, changed)) ? w.means : null;
  let computed: ComputedIndexes | null = null;
  let elsewhere: Promise<ComputedIndexes> | null = null;
  let input: IndexInput | null = null;
  if (changed.length && !options.skipIndexes) {
    // On a first load the worker holds the file's wholesale prices: only other products' are read back.
    const own =
      fresh && w.computeIndexes
        ? [...new Set(changed.filter((c) => c.priceType === PRICE_TYPE_CODE.wholesale).map((c) => c.productNum))]
        : null;
    input = await readIndexInput(tx, own ?? []);
    lap('index input read');
    if (w.computeIndexes) {
      elsewhere = w.computeIndexes(input, own !== null);
      elsewhere.catch(() => {}); // awaited below
    }
  }
  // Without a worker, the indexes are computed here while the database derives the region prices.
  await refreshDerived(
    tx,
    changed,
    [...w.sources.values()],
    () => {
      if (input && !elsewhere) computed = computeIndexValues(input);
    },
    fresh ? () => fresh.copyRows() : undefined,
  );
  lap('derived prices written');
  if (elsewhere) computed = await elsewhere;
  lap('indexes computed');
  const tDerived = performance.now();
  const indexes = computed ? await storeIndexes(tx, computed) : null;
  // Any new or changed row (a forecast, a new product or market) moves the version, not only actual prices.
  if (changed.length || counts.inserted || counts.updated) await bumpDataVersion(tx);
  const tDone = performance.now();
  return {
    ...counts,
    rows: w.rows,
    products: w.products,
    markets: w.markets,
    from: w.from,
    to: w.to,
    indexes,
    ms: {
      parse: Math.round(tParsed - w.t0),
      merge: Math.round(tMerged - tParsed),
      derived: Math.round(tDerived - tMerged),
      indexes: Math.round(tDone - tDerived),
      total: Math.round(tDone - w.t0),
    },
  };
}

/** What every import does first in its transaction. */
export async function beginImport(tx: Tx) {
  // Big sorts and hash aggregates (refresh, merge) stay in memory instead of spilling.
  await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
  // No parallel workers: the import's own threads already use the cores, and the workers'
  // start-up and merging cost more CPU than they save here.
  await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
  await createStage(tx);
}

/** Two rows with one key (a CSV has its duplicates reported by line before this; other sources land here). */
export function duplicateKey(e: unknown): ImportRejected | null {
  const state = sqlState(e);
  if (state !== '23505' && state !== '21000') return null;
  return new ImportRejected(
    [{ line: 0, message: 'two rows for the same product, market, date, price type and flag' }],
    1,
  );
}

function sqlState(e: unknown): string | undefined {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (typeof x.code === 'string') return x.code;
  return undefined;
}

/** Imports one CSV file (WFP/HDX or the generic format, told apart by the header). */
export async function importCsvFile(
  db: Db,
  path: string,
  options: ImportOptions & GenericCsvOptions & { onBytes?: (read: number, total: number) => void } = {},
) {
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

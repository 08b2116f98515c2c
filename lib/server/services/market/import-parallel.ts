import 'server-only';
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PoolClient } from 'pg';
import type { Db } from '../../db/client';
import { copyBinary } from '../../db/copy-rows';
import { rawClient } from '../../db/raw-client';
import type { GenericCsvOptions } from '../../market/generic-csv';
import {
  beginImport,
  duplicateKey,
  finishImport,
  ImportRejected,
  type ImportOptions,
  type ImportSummary,
} from './import-file';
import { COPY_COLUMNS, type ChangedSeries } from './import-batch';
import { writePrepared } from './import-rows';
import type { FromWorker, ToWorker, WorkerJob } from './import-worker-protocol';
import { References } from './references';
import type { ComputedIndexes, IndexInput } from './index-compute';
import { RegionMeans } from './region-means';
import type { SourceSpan } from './refresh';

/**
 * Starts an import worker (`entry`: a module that loads import-worker.ts). Loading its code takes
 * a while; a command starts it first thing, so that happens while it connects and migrates.
 */
export function startImportWorker(entry: string): ImportWorker {
  // A young generation big enough for a batch's short-lived rows: collected there, not promoted.
  const worker = new Worker(entry, { resourceLimits: { maxYoungGenerationSizeMb: 96 } });
  return { worker, messages: messages(worker) };
}

/** A started worker and its messages (listened to from the start, so a failure while loading is kept). */
export type ImportWorker = { worker: Worker; messages: AsyncGenerator<FromWorker> };

/**
 * `importCsvFile` for PostgreSQL with the parsing on a worker thread (startImportWorker; it is
 * stopped at the end): this thread only writes what the worker prepared, so parsing, writing and
 * the database each get a core. Same result, checks and atomicity as importCsvFile.
 */
export async function importCsvFileInWorker(
  db: Db,
  path: string,
  { worker, messages: fromWorker }: ImportWorker,
  options: ImportOptions & GenericCsvOptions & { onBytes?: (read: number, total: number) => void } = {},
): Promise<ImportSummary> {
  const total = statSync(path).size;
  const t0 = performance.now();
  return db.transaction(async (tx) => {
    const raw = rawClient(tx);
    if (raw.kind !== 'postgres') throw new Error('importCsvFileInWorker needs PostgreSQL (COPY)');
    const client = raw.client as unknown as PoolClient;
    await beginImport(tx);
    const job: WorkerJob = {
      path,
      options: { source: options.source, licence: options.licence, detectDuplicates: options.detectDuplicates },
      maxErrors: options.maxErrors ?? 100,
    };
    worker.postMessage({ t: 'job', job } satisfies ToWorker);
    const refs = new References();
    const sources = new Map<string, SourceSpan>();
    const changed: ChangedSeries[] = [];
    let staged = 0;
    let direct = 0;
    // Region prices summed up as the rows go by, used when the file's products had no prices before.
    const means = new RegionMeans();
    try {
      for await (const m of fromWorker) {
        if (m.t === 'references') {
          const maps = await refs.upsert(tx, m.rows);
          const reply: ToWorker = { t: 'numbers', product: [], market: [], source: [] };
          for (const r of m.rows) {
            reply.product.push([r.productCode, maps.product.get(r.productCode) ?? 0]);
            reply.market.push([r.marketCode, maps.market.get(r.marketCode) ?? [0, 0]]);
            reply.source.push([r.source, maps.source.get(r.source) ?? 0]);
          }
          worker.postMessage(reply);
        } else if (m.t === 'batch') {
          const w = await writePrepared(tx, {
            count: m.count,
            all: m.all,
            actual: m.actual,
            append: (table) => copyBinary(client, table, COPY_COLUMNS, m.copy),
          });
          worker.postMessage({ t: 'ack' } satisfies ToWorker);
          direct += w.inserted;
          if (w.inserted) {
            for (const c of w.changed) changed.push(c);
            means.add(m.prices);
          } else staged += m.count;
          for (const s of m.sources) widen(sources, s);
          options.onRows?.(m.rows);
          options.onBytes?.(m.bytes, total);
        } else if (m.t === 'fail') throw new Error(`import worker: ${m.message}`);
        else if (m.t === 'done') {
          options.onBytes?.(total, total);
          if (m.errorCount) throw new ImportRejected(m.errors, m.errorCount);
          const computeIndexes = (input: IndexInput, ownPrices: boolean) => indexesOnWorker(worker, input, ownPrices);
          return await finishImport(
            tx,
            {
              t0,
              staged,
              direct,
              changed,
              means,
              computeIndexes,
              sources,
              rows: m.rows,
              products: m.products,
              markets: m.markets,
              from: m.from,
              to: m.to,
            },
            options,
          );
        }
      }
      throw new Error('import worker stopped before the end of the file');
    } catch (e) {
      throw duplicateKey(e) ?? e;
    } finally {
      await worker.terminate();
    }
  });
}

/** The indexes computed on the (by now idle) worker; the series' arrays are moved to it, not copied. */
function indexesOnWorker(worker: Worker, input: IndexInput, ownPrices: boolean): Promise<ComputedIndexes> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: FromWorker) => {
      if (m.t !== 'indexes' && m.t !== 'fail') return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      if (m.t === 'indexes') resolve(m.computed);
      else reject(new Error(`import worker: ${m.message}`));
    };
    worker.on('message', onMessage);
    worker.on('error', reject);
    const transfer = input.series.flatMap((s) => [s.days.buffer, s.prices.buffer, s.volumes.buffer] as ArrayBuffer[]);
    worker.postMessage({ t: 'indexes', input, ownPrices } satisfies ToWorker, transfer);
  });
}

function widen(spans: Map<string, SourceSpan>, s: SourceSpan) {
  const k = `${s.productNum}:${s.sourceId}`;
  const had = spans.get(k);
  if (!had) spans.set(k, { ...s });
  else {
    if (s.from < had.from) had.from = s.from;
    if (s.to > had.to) had.to = s.to;
  }
}

/** The worker's messages in order, one at a time; its crash or exit ends them with an error. Listens from the call on. */
function messages(worker: Worker): AsyncGenerator<FromWorker> {
  const queue: FromWorker[] = [];
  let failure: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  const onMessage = (m: FromWorker) => {
    queue.push(m);
    poke();
  };
  const onError = (e: Error) => {
    failure = e;
    poke();
  };
  const onExit = () => {
    ended = true;
    poke();
  };
  worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  return (async function* () {
    try {
      for (;;) {
        const m = queue.shift();
        if (m) {
          yield m;
          continue;
        }
        if (failure) throw failure;
        if (ended) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    }
  })();
}

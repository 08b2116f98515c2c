import 'server-only';
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PoolClient } from 'pg';
import type { Db } from '../../db/client';
import { copyText } from '../../db/copy-rows';
import { rawClient } from '../../db/raw-client';
import type { GenericCsvOptions } from '../../market/generic-csv';
import { beginImport, duplicateKey, finishImport, ImportRejected, type ImportOptions, type ImportSummary } from './import-file';
import { COPY_COLUMNS, writePrepared, type ChangedSeries } from './import-rows';
import type { FromWorker, ToWorker, WorkerJob } from './import-worker-protocol';
import { References } from './references';
import type { SourceSpan } from './refresh';

/**
 * `importCsvFile` for PostgreSQL with the parsing on a worker thread (`workerEntry`, a module
 * that loads import-worker.ts): this thread only writes what the worker prepared, so parsing,
 * writing and the database each get a core. Same result, checks and atomicity as importCsvFile.
 */
export async function importCsvFileInWorker(
  db: Db,
  path: string,
  workerEntry: string,
  options: ImportOptions & GenericCsvOptions & { onBytes?: (read: number, total: number) => void } = {},
): Promise<ImportSummary> {
  const total = statSync(path).size;
  const t0 = performance.now();
  return db.transaction(async (tx) => {
    const raw = rawClient(tx);
    if (raw.kind !== 'postgres') throw new Error('importCsvFileInWorker needs PostgreSQL (COPY)');
    const client = raw.client as unknown as PoolClient;
    await beginImport(tx);
    const job: WorkerJob = { path, options: { source: options.source, licence: options.licence, detectDuplicates: options.detectDuplicates }, maxErrors: options.maxErrors ?? 100 };
    const worker = new Worker(workerEntry, { workerData: job });
    const refs = new References();
    const sources = new Map<string, SourceSpan>();
    const changed: ChangedSeries[] = [];
    let staged = 0;
    let direct = 0;
    try {
      for await (const m of messages(worker)) {
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
          const w = await writePrepared(tx, { count: m.count, all: m.all, actual: () => m.actual, append: (table) => copyText(client, table, COPY_COLUMNS, m.text) });
          worker.postMessage({ t: 'ack' } satisfies ToWorker);
          direct += w.inserted;
          if (w.inserted) for (const c of w.changed) changed.push(c);
          else staged += m.count;
          for (const s of m.sources) widen(sources, s);
          options.onRows?.(m.rows);
          options.onBytes?.(m.bytes, total);
        } else if (m.t === 'fail') throw new Error(`import worker: ${m.message}`);
        else {
          options.onBytes?.(total, total);
          if (m.errorCount) throw new ImportRejected(m.errors, m.errorCount);
          return await finishImport(tx, { t0, staged, direct, changed, sources, rows: m.rows, products: m.products, markets: m.markets, from: m.from, to: m.to }, options);
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

function widen(spans: Map<string, SourceSpan>, s: SourceSpan) {
  const k = `${s.productNum}:${s.sourceId}`;
  const had = spans.get(k);
  if (!had) spans.set(k, { ...s });
  else {
    if (s.from < had.from) had.from = s.from;
    if (s.to > had.to) had.to = s.to;
  }
}

/** The worker's messages in order, one at a time; its crash or exit ends them with an error. */
async function* messages(worker: Worker): AsyncGenerator<FromWorker> {
  const queue: FromWorker[] = [];
  let failure: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (m: FromWorker) => {
    queue.push(m);
    poke();
  });
  worker.on('error', (e) => {
    failure = e;
    poke();
  });
  worker.on('exit', () => {
    ended = true;
    poke();
  });
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
}

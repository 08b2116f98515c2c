import 'server-only';
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { parseMarketBatches } from '../../market/format';
import type { GenericCsvOptions } from '../../market/generic-csv';
import type { NormalisedObservation } from '../../market/types';
import { addSourceSpans, copyTextOf, seriesOf } from './import-rows';
import type { FromWorker, ToWorker, WorkerJob } from './import-worker-protocol';
import type { RefMaps } from './references';
import { RowCollector } from './row-collector';
import type { SourceSpan } from './refresh';

/**
 * The parsing half of a PostgreSQL import (import-parallel.ts), on its own thread: reads and
 * checks the file and turns each batch into COPY text and its series spans, so the main thread
 * only writes. The compact numbers of new products, markets and sources are asked of the main
 * thread, which owns the transaction.
 */
const port = parentPort;
if (!port) throw new Error('import-worker runs as a worker thread');
const job = workerData as WorkerJob;
const send = (m: FromWorker) => port.postMessage(m);

const maps: RefMaps = { product: new Map(), market: new Map(), source: new Map() };
let inFlight = 0;
let wake: (() => void) | null = null;
let numbers: ((m: Extract<ToWorker, { t: 'numbers' }>) => void) | null = null;
port.on('message', (m: ToWorker) => {
  if (m.t === 'ack') {
    inFlight--;
    wake?.();
  } else numbers?.(m);
});

async function numbersFor(rows: readonly NormalisedObservation[]) {
  const unknown = new Map<string, NormalisedObservation>();
  for (const r of rows) {
    if (!maps.product.has(r.productCode) && !unknown.has(`p:${r.productCode}`)) unknown.set(`p:${r.productCode}`, r);
    if (!maps.market.has(r.marketCode) && !unknown.has(`m:${r.marketCode}`)) unknown.set(`m:${r.marketCode}`, r);
    if (!maps.source.has(r.source) && !unknown.has(`s:${r.source}`)) unknown.set(`s:${r.source}`, r);
  }
  if (!unknown.size) return;
  const got = new Promise<Extract<ToWorker, { t: 'numbers' }>>((resolve) => (numbers = resolve));
  send({ t: 'references', rows: [...unknown.values()] });
  const m = await got;
  for (const [k, v] of m.product) maps.product.set(k, v);
  for (const [k, v] of m.market) maps.market.set(k, v);
  for (const [k, v] of m.source) maps.source.set(k, v);
}

async function ship(rows: NormalisedObservation[], total: number, bytes: number) {
  await numbersFor(rows);
  const sources = new Map<string, SourceSpan>();
  addSourceSpans(rows, maps, sources);
  send({ t: 'batch', text: copyTextOf(rows, maps), count: rows.length, all: seriesOf(rows, maps, false), actual: seriesOf(rows, maps, true), sources: [...sources.values()], rows: total, bytes });
  // Two batches ahead of the database at most: memory stays bounded whatever the file's size.
  inFlight++;
  while (inFlight >= 2) await new Promise<void>((resolve) => (wake = resolve));
}

async function main() {
  const rowsIn = new RowCollector(job.maxErrors);
  let bytes = 0;
  async function* chunks() {
    for await (const c of createReadStream(job.path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      bytes += c.length;
      yield c as Uint8Array;
    }
  }
  for await (const got of parseMarketBatches(chunks(), job.options as GenericCsvOptions)) {
    for (const x of got) if (rowsIn.add(x)) await ship(rowsIn.take(), rowsIn.rows, bytes);
  }
  const last = rowsIn.take();
  if (last.length && !rowsIn.errorCount) await ship(last, rowsIn.rows, bytes);
  send({
    t: 'done',
    rows: rowsIn.rows,
    products: rowsIn.products.size,
    markets: rowsIn.markets.size,
    from: rowsIn.from,
    to: rowsIn.to,
    errors: rowsIn.errors,
    errorCount: rowsIn.errorCount,
  });
}

main().catch((e: unknown) => send({ t: 'fail', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }));

import 'server-only';
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { parseMarketBatches } from '../../market/format';
import type { GenericCsvOptions } from '../../market/generic-csv';
import type { NormalisedObservation } from '../../market/types';
import { addSourceSpans, copyRowsOf, seriesOf } from './import-batch';
import { computeIndexValues } from './index-compute';
import type { FromWorker, ToWorker, WorkerJob } from './import-worker-protocol';
import type { RefMaps } from './references';
import type { ActualPrices } from './region-means';
import { dayNumber } from '../../market/dates';
import { PRICE_TYPE_CODE } from '../../market/codes';
import { RowCollector } from './row-collector';
import type { SourceSpan } from './refresh';

/**
 * The parsing half of a PostgreSQL import (import-parallel.ts), on its own thread: reads and
 * checks the file and turns each batch into binary COPY data and its series spans, so the main thread
 * only writes. The compact numbers of new products, markets and sources are asked of the main
 * thread, which owns the transaction.
 */
const port = parentPort;
if (!port) throw new Error('import-worker runs as a worker thread');
const job = workerData as WorkerJob;
const send = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

const maps: RefMaps = { product: new Map(), market: new Map(), source: new Map() };
let inFlight = 0;
let wake: (() => void) | null = null;
let numbers: ((m: Extract<ToWorker, { t: 'numbers' }>) => void) | null = null;
port.on('message', (m: ToWorker) => {
  if (m.t === 'ack') {
    inFlight--;
    wake?.();
  } else if (m.t === 'numbers') numbers?.(m);
  else {
    try {
      send({ t: 'indexes', computed: computeIndexValues(m.input) });
    } catch (e) {
      send({ t: 'fail', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  }
});

async function numbersFor(rows: readonly NormalisedObservation[]) {
  const unknown = new Map<string, NormalisedObservation>();
  let prev: NormalisedObservation | null = null;
  for (const r of rows) {
    if (prev && r.productCode === prev.productCode && r.marketCode === prev.marketCode && r.source === prev.source) continue;
    prev = r;
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

const dayOf = new Map<string, number>();

/** The batch's actual prices, as region-means.ts sums them (moved to the main thread, not copied). */
function actualPrices(rows: readonly NormalisedObservation[]): ActualPrices {
  let n = 0;
  for (const r of rows) if (r.flag === 'actual') n++;
  const p: ActualPrices = { product: new Int32Array(n), province: new Int32Array(n), type: new Int32Array(n), day: new Int32Array(n), x: new Float64Array(n) };
  let i = 0;
  for (const r of rows) {
    if (r.flag !== 'actual') continue;
    let day = dayOf.get(r.date);
    if (day === undefined) dayOf.set(r.date, (day = dayNumber(r.date)));
    p.product[i] = maps.product.get(r.productCode) ?? 0;
    p.province[i] = maps.market.get(r.marketCode)?.[1] ?? 0;
    p.type[i] = PRICE_TYPE_CODE[r.priceType];
    p.day[i] = day;
    p.x[i] = Math.round(r.price * 10_000);
    i++;
  }
  return p;
}

async function ship(rows: NormalisedObservation[], total: number, bytes: number) {
  await numbersFor(rows);
  const sources = new Map<string, SourceSpan>();
  addSourceSpans(rows, maps, sources);
  const prices = actualPrices(rows);
  const copy = copyRowsOf(rows, maps);
  const msg: FromWorker = { t: 'batch', copy, count: rows.length, ...seriesOf(rows, maps), sources: [...sources.values()], prices, rows: total, bytes };
  send(msg, [copy, prices.product, prices.province, prices.type, prices.day, prices.x].map((a) => a.buffer as ArrayBuffer));
  // A few batches ahead of the database at most: memory stays bounded whatever the file's size.
  inFlight++;
  while (inFlight >= 4) await new Promise<void>((resolve) => (wake = resolve));
}

async function main() {
  // Small batches: rows die young (a scavenge frees them) instead of being promoted while a big batch fills.
  const rowsIn = new RowCollector(job.maxErrors, 4_000);
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

import 'server-only';
import { createReadStream } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { parseMarketBatches } from '../../market/format';
import type { GenericCsvOptions } from '../../market/generic-csv';
import type { NormalisedObservation } from '../../market/types';
import { addSourceSpans, copyRowsOf, seriesOf } from './import-batch';
import { computeIndexValues, IndexPrices, packIndexValues } from './index-compute';
import type { FromWorker, ToWorker, WorkerJob } from './import-worker-protocol';
import type { RefMaps } from './references';
import type { ActualPrices } from './region-means';
import { dayNumberOf } from '../../market/dates';
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
const send = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

const maps: RefMaps = { product: new Map(), market: new Map(), source: new Map() };
let inFlight = 0;
let wake: (() => void) | null = null;
let numbers: ((m: Extract<ToWorker, { t: 'numbers' }>) => void) | null = null;
port.on('message', (m: ToWorker) => {
  // Started ahead of its file (while the command sets up): the job comes as the first message.
  if (m.t === 'job')
    main(m.job).catch((e: unknown) =>
      send({ t: 'fail', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
  else if (m.t === 'ack') {
    inFlight--;
    wake?.();
  } else if (m.t === 'numbers') numbers?.(m);
  else {
    try {
      const input = m.ownPrices ? { ...m.input, series: [...m.input.series, ...indexPrices.series()] } : m.input;
      const { defs, values } = computeIndexValues(input);
      // Sent as COPY data (moved, not copied): cloning 100,000 value objects cost more than packing them.
      const packed = packIndexValues(values);
      send({ t: 'indexes', computed: { defs, values: packed } }, [packed.copy.buffer as ArrayBuffer]);
    } catch (e) {
      send({ t: 'fail', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  }
});

async function numbersFor(rows: readonly NormalisedObservation[]) {
  const unknown = new Map<string, NormalisedObservation>();
  let prev: NormalisedObservation | null = null;
  for (const r of rows) {
    if (prev && r.productCode === prev.productCode && r.marketCode === prev.marketCode && r.source === prev.source)
      continue;
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

// The file's actual wholesale prices, in case the indexes can be computed from them (import-file.ts).
const indexPrices = new IndexPrices();

/**
 * The batch's actual prices above 0 as stored (what the derived prices are of), as region-means.ts
 * sums them (moved to the main thread, not copied); the wholesale ones are kept for the indexes.
 */
function actualPrices(rows: readonly NormalisedObservation[]): ActualPrices {
  const n = rows.length;
  const p: ActualPrices = {
    product: new Int32Array(n),
    province: new Int32Array(n),
    type: new Int32Array(n),
    day: new Int32Array(n),
    x: new Float64Array(n),
  };
  let i = 0;
  let prev: NormalisedObservation | null = null;
  let product = 0;
  let market: readonly [number, number] = [0, 0];
  for (const r of rows) {
    const x = Math.round(r.price * 10_000);
    if (r.flag !== 'actual' || x <= 0) continue;
    if (!prev || r.productCode !== prev.productCode) product = maps.product.get(r.productCode) ?? 0;
    if (!prev || r.marketCode !== prev.marketCode) market = maps.market.get(r.marketCode) ?? [0, 0];
    prev = r;
    const day = dayNumberOf(r.date);
    p.product[i] = product;
    p.province[i] = market[1];
    p.type[i] = PRICE_TYPE_CODE[r.priceType];
    p.day[i] = day;
    p.x[i] = x;
    i++;
    // The volume as stored (3 decimals), then rounded as the index input's query rounds it.
    if (r.priceType === 'wholesale')
      indexPrices.add(product, market[0], day, x, r.volume === null ? null : Math.round(r.volume * 1000) / 1000);
  }
  return {
    product: p.product.subarray(0, i),
    province: p.province.subarray(0, i),
    type: p.type.subarray(0, i),
    day: p.day.subarray(0, i),
    x: p.x.subarray(0, i),
  };
}

async function ship(rows: NormalisedObservation[], total: number, bytes: number) {
  await numbersFor(rows);
  const sources = new Map<string, SourceSpan>();
  addSourceSpans(rows, maps, sources);
  const prices = actualPrices(rows);
  const copy = copyRowsOf(rows, maps);
  const msg: FromWorker = {
    t: 'batch',
    copy,
    count: rows.length,
    ...seriesOf(rows, maps),
    sources: [...sources.values()],
    prices,
    rows: total,
    bytes,
  };
  send(
    msg,
    [copy, prices.product, prices.province, prices.type, prices.day, prices.x].map((a) => a.buffer as ArrayBuffer),
  );
  // A few batches ahead of the database at most: memory stays bounded whatever the file's size.
  inFlight++;
  while (inFlight >= 4) await new Promise<void>((resolve) => (wake = resolve));
}

async function main(job: WorkerJob) {
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

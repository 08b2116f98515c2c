import 'server-only';
import { BinaryRows } from '../../db/binary-rows';
import { dayNumberOf } from '../../market/dates';
import { FLAG_CODE, PRICE_TYPE_CODE } from '../../market/codes';
import type { NormalisedObservation } from '../../market/types';
import type { RefMaps } from './references';
import type { SourceSpan } from './refresh';

/**
 * What an import makes of a batch of parsed rows before writing it: COPY data, series spans and
 * product/source spans. No database here: the PostgreSQL import runs this on its worker thread.
 */

/** Rows per batch statement. */
export const BATCH_ROWS = 20_000;

/** A market series (product × market × price type) whose actual prices changed, and over which days. */
export type ChangedSeries = { productNum: number; marketNum: number; priceType: number; from: string; to: string };

export const COPY_COLUMNS = [
  'product_num',
  'market_num',
  'province_num',
  'day',
  'flag',
  'price_type',
  'price',
  'min_price',
  'max_price',
  'volume',
  'source_id',
];

/**
 * The same rows in COPY's binary format, with the values the unnest path stores: prices rounded
 * to 4 decimals, min/max from fen, volumes to 3 decimals (x / 10⁴ is the double PostgreSQL
 * computes from x / 10000::float8 there).
 */
export function copyRowsOf(rows: readonly NormalisedObservation[], refs: RefMaps): Uint8Array {
  // 2 + 3 × int2 (6) + 3 × int4 incl. the date (8) + 4 × float8 (12) bytes a row.
  const out = new BinaryRows(rows.length, 2 + 3 * 6 + 3 * 8 + 4 * 12);
  let prev: NormalisedObservation | null = null;
  let p = 0;
  let mk: [number, number] = [0, 0];
  let src = 0;
  for (const r of rows) {
    if (!prev || r.productCode !== prev.productCode) p = refs.product.get(r.productCode) ?? 0;
    if (!prev || r.marketCode !== prev.marketCode) mk = refs.market.get(r.marketCode) ?? [0, 0];
    if (!prev || r.source !== prev.source) src = refs.source.get(r.source) ?? 0;
    prev = r;
    out
      .row(11)
      .int2(p)
      .int4(mk[0])
      .int4(mk[1])
      .date(dayNumberOf(r.date))
      .int2(FLAG_CODE[r.flag])
      .int2(PRICE_TYPE_CODE[r.priceType])
      .float8(Math.round(r.price * 10_000) / 10_000)
      .float8(r.minFen === null ? null : r.minFen / 100)
      .float8(r.maxFen === null ? null : r.maxFen / 100)
      .float8(r.volume === null ? null : Math.round(r.volume * 1000) / 1000)
      .int2(src);
  }
  return out.finish();
}

/** Per market series in a batch, its number triple and day span: over every flag, and over actual prices only. */
export function seriesOf(
  rows: readonly NormalisedObservation[],
  refs: RefMaps,
): { all: ChangedSeries[]; actual: ChangedSeries[] } {
  const all = new Map<string, ChangedSeries>();
  const actual = new Map<string, ChangedSeries>();
  let prev: NormalisedObservation | null = null;
  let key = '';
  let s: ChangedSeries | undefined;
  let a: ChangedSeries | undefined;
  for (const r of rows) {
    // Files list a series' rows together: only look the series up when it changes.
    if (
      !prev ||
      !s ||
      r.productCode !== prev.productCode ||
      r.marketCode !== prev.marketCode ||
      r.priceType !== prev.priceType
    ) {
      const p = refs.product.get(r.productCode) ?? 0;
      const m = refs.market.get(r.marketCode)?.[0] ?? 0;
      const t = PRICE_TYPE_CODE[r.priceType];
      key = `${p}:${m}:${t}`;
      s = all.get(key);
      if (!s) all.set(key, (s = { productNum: p, marketNum: m, priceType: t, from: r.date, to: r.date }));
      a = actual.get(key);
    }
    prev = r;
    if (r.date < s.from) s.from = r.date;
    if (r.date > s.to) s.to = r.date;
    if (r.flag !== 'actual') continue;
    if (!a)
      actual.set(
        key,
        (a = { productNum: s.productNum, marketNum: s.marketNum, priceType: s.priceType, from: r.date, to: r.date }),
      );
    if (r.date < a.from) a.from = r.date;
    if (r.date > a.to) a.to = r.date;
  }
  return { all: [...all.values()], actual: [...actual.values()] };
}

/** Widens each product and source's date span (product_sources) by the rows'. */
export function addSourceSpans(
  rows: readonly NormalisedObservation[],
  refs: RefMaps,
  spans: Map<string, SourceSpan>,
): void {
  let prev: NormalisedObservation | null = null;
  let s: SourceSpan | undefined;
  for (const r of rows) {
    if (!prev || !s || r.productCode !== prev.productCode || r.source !== prev.source) {
      const p = refs.product.get(r.productCode) ?? 0;
      const sid = refs.source.get(r.source) ?? 0;
      const k = `${p}:${sid}`;
      s = spans.get(k);
      if (!s) spans.set(k, (s = { productNum: p, sourceId: sid, from: r.date, to: r.date }));
    }
    if (r.date < s.from) s.from = r.date;
    if (r.date > s.to) s.to = r.date;
    prev = r;
  }
}

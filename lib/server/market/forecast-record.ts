import 'server-only';
import { calibrate, LEVELS, type Calibration, type Level, type Multipliers } from './forecast-calibration';
import { shownMethod, type Backtest, type Method, type ScoredPoint } from './forecast';

/**
 * The published forecast record (docs/market-data.md#forecast-record): every real series'
 * rolling-origin back-test, summed up overall, per country and per product.
 *
 * Coverage is measured out of sample: the series are split into FOLDS groups by their key, and a
 * series' bands are calibrated on the other groups' scores only (cross-conformal). The bands the
 * pages draw are calibrated on every series.
 */

export const FOLDS = 5;

export interface SeriesBacktest {
  /** Unique per series: product, region, price type, currency. */
  key: string;
  country: string;
  product: string;
  backtest: Backtest;
}

export interface RecordGroup {
  series: number;
  /** Forecasts scored (series × origin × months ahead). */
  forecasts: number;
  /** Mean over series of each method's MASE (series with a zero scale left out). */
  etsMase: number | null;
  snaiveMase: number | null;
  /** etsMase ÷ snaiveMase: below 1, the model beats seasonal naive. */
  ratio: number | null;
  /** Series whose shown forecast is seasonal naive (the model did not beat it). */
  snaiveShown: number;
  /** Share of the shown forecasts' actual prices inside their 80 % and 95 % bands. */
  cover80: number | null;
  cover95: number | null;
}

export interface ForecastRecordData {
  overall: RecordGroup;
  countries: { country: string; group: RecordGroup }[];
  products: { country: string; product: string; group: RecordGroup }[];
  calibration: Calibration;
}

/** A stable fold number from the series key (FNV-1a). */
export function foldOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % FOLDS;
}

const scoreOf = (method: Method) => (p: ScoredPoint) => ({
  k: p.k,
  score: method === 'ets' ? p.etsScore : p.snaiveScore,
});

function calibrationOf(series: readonly SeriesBacktest[]): Calibration {
  const all = series.flatMap((s) => s.backtest.points);
  return { ets: calibrate(all.map(scoreOf('ets')), 'ets'), snaive: calibrate(all.map(scoreOf('snaive')), 'snaive') };
}

type Tally = { inside: Record<Level, number>; n: number };

/** Each series' shown forecasts inside their bands, with bands calibrated on the other folds. */
function coverageBySeries(series: readonly SeriesBacktest[]): Map<string, Tally> {
  const byFold: SeriesBacktest[][] = Array.from({ length: FOLDS }, () => []);
  for (const s of series) byFold[foldOf(s.key)]!.push(s);
  const out = new Map<string, Tally>();
  byFold.forEach((members, f) => {
    if (!members.length) return;
    const others = calibrationOf(byFold.flatMap((g, i) => (i === f ? [] : g)));
    for (const s of members) {
      const method = shownMethod(s.backtest);
      const q: Multipliers = others[method];
      const t: Tally = { inside: { q80: 0, q95: 0 }, n: 0 };
      for (const p of s.backtest.points) {
        const score = method === 'ets' ? p.etsScore : p.snaiveScore;
        for (const level of Object.keys(LEVELS) as Level[])
          if (score <= (q[level][p.k - 1] ?? Infinity)) t.inside[level]++;
        t.n++;
      }
      out.set(s.key, t);
    }
  });
  return out;
}

function group(members: readonly SeriesBacktest[], cover: Map<string, Tally>): RecordGroup {
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const scaled = members.filter((s) => s.backtest.etsMase !== null && s.backtest.snaiveMase !== null);
  const etsMase = mean(scaled.map((s) => s.backtest.etsMase!));
  const snaiveMase = mean(scaled.map((s) => s.backtest.snaiveMase!));
  let n = 0;
  const inside = { q80: 0, q95: 0 };
  for (const s of members) {
    const t = cover.get(s.key);
    if (!t) continue;
    n += t.n;
    inside.q80 += t.inside.q80;
    inside.q95 += t.inside.q95;
  }
  return {
    series: members.length,
    forecasts: members.reduce((a, s) => a + s.backtest.points.length, 0),
    etsMase,
    snaiveMase,
    ratio: etsMase !== null && snaiveMase ? etsMase / snaiveMase : null,
    snaiveShown: members.filter((s) => shownMethod(s.backtest) === 'snaive').length,
    cover80: n ? inside.q80 / n : null,
    cover95: n ? inside.q95 / n : null,
  };
}

/** The record of a set of back-tested series. */
export function buildRecord(series: readonly SeriesBacktest[]): ForecastRecordData {
  const cover = coverageBySeries(series);
  const by = <K extends string>(keyOf: (s: SeriesBacktest) => K) => {
    const m = new Map<K, SeriesBacktest[]>();
    for (const s of series) m.set(keyOf(s), [...(m.get(keyOf(s)) ?? []), s]);
    return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  };
  return {
    overall: group(series, cover),
    countries: by((s) => s.country).map(([country, list]) => ({ country, group: group(list, cover) })),
    products: by((s) => `${s.country}|${s.product}`).map(([k, list]) => {
      const [country = '', product = ''] = k.split('|');
      return { country, product, group: group(list, cover) };
    }),
    calibration: calibrationOf(series),
  };
}

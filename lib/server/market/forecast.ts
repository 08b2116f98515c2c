import 'server-only';
import { fromMonthNumber, monthNumber } from '@/lib/shared/dates';
import { fitSelect, oneStepSigma, project, type Fit } from './forecast-ets';
import { bandMultipliers, type Calibration } from './forecast-calibration';

/**
 * PriceAgTrend forecasts (docs/market-data.md#forecasts), on monthly prices.
 *
 * Months: prices are averaged per month. A month without a price is kept as a gap (for drawing,
 * a log-linear interpolation marked `interpolated`), and never reaches the model or its score.
 * A run of more than MAX_GAP months without a price ends a series: the model uses the stretch after
 * the last such gap (Dhaka's rice before 2020 and after 2024 come from other markets).
 *
 * Rules: a forecast needs MIN_OBSERVED observed months in that stretch; it is not made when every
 * month it would cover is already past (the series ended); it is dated by the last price it saw.
 *
 * Methods: ETS on log prices (forecast-ets.ts), and seasonal naive (the same month of the latest
 * earlier year with a price). Both are back-tested on a rolling origin over the last
 * BACKTEST_MONTHS months: after each observed month the method is refitted on what came before and
 * scored on the observed months that follow, up to MAX_HORIZON ahead. MASE divides the mean
 * absolute error by the stretch's mean absolute change from one year to the next. Where ETS does
 * not beat seasonal naive on that back-test, seasonal naive is the forecast shown.
 *
 * Bands: exp(ŷ ± q(k)·σ), σ the method's own in-sample error (one-step for ETS, year-on-year for
 * seasonal naive) and q(k) per horizon k from the published forecast record's split-conformal
 * calibration (forecast-calibration.ts); a Gaussian z·√k until a record exists.
 */

export const SEASON = 12;
/** Observed months a fit needs: two seasons. */
export const MIN_FIT = 24;
/** Back-test origins a published forecast needs beyond its first fit. */
export const MIN_ORIGINS = 6;
/** Observed months in the model's stretch below which no forecast is made. */
export const MIN_OBSERVED = MIN_FIT + MIN_ORIGINS;
/** A longer run of months without a price ends a series. */
export const MAX_GAP = 12;
export const BACKTEST_MONTHS = 24;
export const MAX_HORIZON = 12;

export interface PricePoint {
  date: string;
  price: number;
}

export interface HistoryPoint {
  /** YYYY-MM. */
  period: string;
  price: number;
  /** No price that month: drawn between its neighbours (log-linear), never used by a model. */
  interpolated: boolean;
}

export interface ForecastPoint {
  period: string;
  mid: number;
  lo80: number;
  hi80: number;
  lo95: number;
  hi95: number;
}

export type Method = 'ets' | 'snaive';

/** The models by name, in both languages. The code names the model; the words say what it does. */
export const MODEL_NAMES = {
  seasonal: {
    en: 'ETS(A,Ad,A) on log prices (additive Holt-Winters, damped trend)',
    zh: 'ETS(A,Ad,A) 对数价格模型（加法 Holt-Winters 季节模型，阻尼趋势）',
  },
  trend: {
    en: 'ETS(A,Ad,N) on log prices (damped trend, no seasonality)',
    zh: 'ETS(A,Ad,N) 对数价格模型（阻尼趋势，无季节项）',
  },
  snaive: {
    en: 'Seasonal naive (the same month of the latest earlier year)',
    zh: '季节性朴素预测（沿用最近一年同月价格）',
  },
} as const;
export type ModelKind = keyof typeof MODEL_NAMES;

export class ForecastInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForecastInputError';
  }
}

// ---- Months ----

/** Averages prices per month and fills the months between with a log-linear line, marked. */
export function toRegularSeries(points: readonly PricePoint[]): HistoryPoint[] {
  const acc = new Map<number, { sum: number; n: number }>();
  for (const p of points) {
    if (!(p.price > 0) || !Number.isFinite(p.price))
      throw new ForecastInputError(`price must be positive (${p.date}: ${p.price})`);
    const k = monthNumber(p.date);
    const a = acc.get(k);
    if (a) {
      a.sum += p.price;
      a.n++;
    } else acc.set(k, { sum: p.price, n: 1 });
  }
  const keys = [...acc.keys()].sort((a, b) => a - b);
  const out: HistoryPoint[] = [];
  let prevKey = keys[0] ?? 0;
  let prevLog = 0;
  for (const k of keys) {
    const a = acc.get(k)!;
    const logP = Math.log(a.sum / a.n);
    for (let g = prevKey + 1; g < k; g++) {
      const w = (g - prevKey) / (k - prevKey);
      out.push({ period: fromMonthNumber(g), price: Math.exp(prevLog + w * (logP - prevLog)), interpolated: true });
    }
    out.push({ period: fromMonthNumber(k), price: a.sum / a.n, interpolated: false });
    prevKey = k;
    prevLog = logP;
  }
  return out;
}

/** The months a model sees: log prices after the last gap longer than MAX_GAP, NaN where no price. */
export interface Stretch {
  /** Index in the history of its first month. */
  start: number;
  periods: string[];
  y: Float64Array;
  prices: Float64Array;
  observed: number;
}

export function modelStretch(history: readonly HistoryPoint[]): Stretch {
  let start = 0;
  let run = 0;
  history.forEach((h, i) => {
    if (h.interpolated) run++;
    else {
      if (run > MAX_GAP) start = i;
      run = 0;
    }
  });
  const part = history.slice(start);
  return {
    start,
    periods: part.map((h) => h.period),
    y: Float64Array.from(part, (h) => (h.interpolated ? NaN : Math.log(h.price))),
    prices: Float64Array.from(part, (h) => (h.interpolated ? NaN : h.price)),
    observed: part.filter((h) => !h.interpolated).length,
  };
}

// ---- Seasonal naive ----

/** The log forecast for period t from y[0..o): the same month of the latest earlier year with a price, else the last price. */
function seasonalNaiveAt(y: ArrayLike<number>, o: number, t: number): number {
  for (let s = t - SEASON; s >= 0; s -= SEASON) if (s < o && !Number.isNaN(y[s] ?? NaN)) return y[s]!;
  for (let s = o - 1; s >= 0; s--) if (!Number.isNaN(y[s] ?? NaN)) return y[s]!;
  return NaN;
}

/** Root mean square of the log change over observed pairs `lag` apart within y[0..o). */
function lagSigma(y: ArrayLike<number>, o: number, lag: number): number | null {
  let s = 0;
  let k = 0;
  for (let t = lag; t < o; t++) {
    const d = (y[t] ?? NaN) - (y[t - lag] ?? NaN);
    if (!Number.isNaN(d)) {
      s += d * d;
      k++;
    }
  }
  return k ? Math.sqrt(s / k) : null;
}

/** Seasonal naive's own error: year-on-year where two seasons exist, else month-to-month. */
const snaiveSigma = (y: ArrayLike<number>, o: number) => lagSigma(y, o, SEASON) ?? lagSigma(y, o, 1) ?? 0;

/** MASE's scale: the mean absolute year-on-year change of observed prices (month-to-month without two seasons). */
function maseScale(prices: ArrayLike<number>, n: number): number {
  for (const lag of [SEASON, 1]) {
    let s = 0;
    let k = 0;
    for (let t = lag; t < n; t++) {
      const d = Math.abs((prices[t] ?? NaN) - (prices[t - lag] ?? NaN));
      if (!Number.isNaN(d)) {
        s += d;
        k++;
      }
    }
    if (k) return s / k;
  }
  return 0;
}

// ---- Back-test ----

/** One scored forecast: a method's log error and its error in units of the method's σ. */
export interface ScoredPoint {
  /** Months ahead (1 = the month after the last price). */
  k: number;
  period: string;
  actual: number;
  ets: number;
  snaive: number;
  /** |log error| / σ, the conformity scores calibration uses. */
  etsScore: number;
  snaiveScore: number;
}

export interface Backtest {
  origins: number;
  points: ScoredPoint[];
  /** Mean absolute errors (price units), MASE scale and MASE; MASE null when the scale is 0. */
  etsMae: number;
  snaiveMae: number;
  scale: number;
  etsMase: number | null;
  snaiveMase: number | null;
}

/** Observed count of y[0..o). */
function observedBefore(y: ArrayLike<number>, o: number) {
  let k = 0;
  for (let i = 0; i < o; i++) if (!Number.isNaN(y[i] ?? NaN)) k++;
  return k;
}

/**
 * Rolling-origin back-test of both methods over the stretch's last `months` months: an origin
 * follows each observed month once MIN_FIT observed months precede it.
 */
export function backtest(s: Stretch, months = BACKTEST_MONTHS, horizon = MAX_HORIZON): Backtest | null {
  const n = s.y.length;
  const points: ScoredPoint[] = [];
  let origins = 0;
  for (let o = Math.max(1, n - months); o < n; o++) {
    if (Number.isNaN(s.y[o - 1] ?? NaN) || observedBefore(s.y, o) < MIN_FIT) continue;
    const fit = fitSelect(s.y, o, SEASON);
    const steps = Math.min(horizon, n - o);
    const f = project(fit, steps);
    const sigmaE = Math.max(oneStepSigma(fit), 1e-6);
    const sigmaS = Math.max(snaiveSigma(s.y, o), 1e-6);
    let scored = false;
    for (let k = 1; k <= steps; k++) {
      const t = o + k - 1;
      const actual = s.y[t] ?? NaN;
      if (Number.isNaN(actual)) continue;
      const e = f[k - 1] ?? NaN;
      const sn = seasonalNaiveAt(s.y, o, t);
      points.push({
        k,
        period: s.periods[t] ?? '',
        actual: Math.exp(actual),
        ets: Math.exp(e),
        snaive: Math.exp(sn),
        etsScore: Math.abs(actual - e) / sigmaE,
        snaiveScore: Math.abs(actual - sn) / sigmaS,
      });
      scored = true;
    }
    if (scored) origins++;
  }
  if (!points.length) return null;
  const mae = (pick: (p: ScoredPoint) => number) =>
    points.reduce((a, p) => a + Math.abs(p.actual - pick(p)), 0) / points.length;
  const etsMae = mae((p) => p.ets);
  const snaiveMae = mae((p) => p.snaive);
  const scale = maseScale(s.prices, n);
  return {
    origins,
    points,
    etsMae,
    snaiveMae,
    scale,
    etsMase: scale > 0 ? etsMae / scale : null,
    snaiveMase: scale > 0 ? snaiveMae / scale : null,
  };
}

/** The method shown: ETS where it beats seasonal naive on the back-test, else seasonal naive. */
export const shownMethod = (b: Backtest | null): Method => (b && b.etsMae < b.snaiveMae ? 'ets' : 'snaive');

// ---- Forecast ----

export interface ForecastOptions {
  /** Months ahead, 1 to MAX_HORIZON (default 12). */
  horizon?: number;
  /** Today (YYYY-MM-DD): a forecast whose months are all before today's month is not made. */
  today?: string;
  /** The day of the last price (what the forecast is dated); default the last point's date. */
  dataEnd?: string;
  /** Band multipliers from the forecast record; Gaussian without one. */
  calibration?: Calibration | null;
}

export type NoForecast =
  | { reason: 'ended'; lastMonth: string }
  | { reason: 'tooFew'; observed: number; needed: number; from: string };

export interface ForecastResult {
  history: HistoryPoint[];
  /** Observed months of the whole history. */
  observed: number;
  /** The months the model used: from, and how many had a price. */
  stretch: { from: string; observed: number };
  forecast: ForecastPoint[];
  none: NoForecast | null;
  method: Method | null;
  /** The ETS variant fitted (whether or not it is the one shown). */
  kind: 'seasonal' | 'trend' | null;
  params: { alpha: number; beta: number; gamma: number | null; phi: number } | null;
  backtest: Backtest | null;
  /** ETS does not beat seasonal naive on the back-test: seasonal naive is shown. */
  lowConfidence: boolean;
  calibrated: boolean;
  madeOn: string;
}

export function forecastPrices(points: readonly PricePoint[], options: ForecastOptions = {}): ForecastResult {
  const horizon = options.horizon ?? MAX_HORIZON;
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > MAX_HORIZON)
    throw new ForecastInputError(`horizon must be an integer from 1 to ${MAX_HORIZON}`);
  const history = toRegularSeries(points);
  if (!history.length) throw new ForecastInputError('no prices');
  const s = modelStretch(history);
  const last = history.at(-1)!.period;
  const madeOn = options.dataEnd ?? [...points].sort((a, b) => (a.date < b.date ? -1 : 1)).at(-1)!.date;
  const base = {
    history,
    observed: history.filter((h) => !h.interpolated).length,
    stretch: { from: s.periods[0] ?? last, observed: s.observed },
    madeOn,
    calibrated: !!options.calibration,
  };
  const none = (why: NoForecast): ForecastResult => ({
    ...base,
    forecast: [],
    none: why,
    method: null,
    kind: null,
    params: null,
    backtest: null,
    lowConfidence: false,
  });
  // Every month it would cover has passed: no forecast of the past.
  if (options.today && monthNumber(options.today) - monthNumber(last) > horizon)
    return none({ reason: 'ended', lastMonth: last });
  if (s.observed < MIN_OBSERVED)
    return none({ reason: 'tooFew', observed: s.observed, needed: MIN_OBSERVED, from: base.stretch.from });

  const n = s.y.length;
  const fit: Fit = fitSelect(s.y, n, SEASON);
  const bt = backtest(s, BACKTEST_MONTHS, MAX_HORIZON);
  const method = shownMethod(bt);
  const mults = bandMultipliers(options.calibration ?? null, method);
  const sigma = method === 'ets' ? Math.max(oneStepSigma(fit), 1e-6) : Math.max(snaiveSigma(s.y, n), 1e-6);
  const mids = method === 'ets' ? project(fit, horizon) : [];
  const lastKey = monthNumber(last);
  const forecast = Array.from({ length: horizon }, (_, i) => {
    const mu = method === 'ets' ? (mids[i] ?? NaN) : seasonalNaiveAt(s.y, n, n + i);
    const w80 = (mults.q80[i] ?? NaN) * sigma;
    const w95 = (mults.q95[i] ?? NaN) * sigma;
    return {
      period: fromMonthNumber(lastKey + i + 1),
      mid: Math.exp(mu),
      lo80: Math.exp(mu - w80),
      hi80: Math.exp(mu + w80),
      lo95: Math.exp(mu - w95),
      hi95: Math.exp(mu + w95),
    };
  });
  return {
    ...base,
    forecast,
    none: null,
    method,
    kind: fit.m > 0 ? 'seasonal' : 'trend',
    params: {
      alpha: fit.params.alpha,
      beta: fit.params.alpha * fit.params.beta,
      gamma: fit.m > 0 ? fit.params.gamma : null,
      phi: fit.params.phi,
    },
    backtest: bt,
    lowConfidence: method === 'snaive',
  };
}

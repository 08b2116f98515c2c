import 'server-only';
import { dayNumber, fromDayNumber, fromMonthNumber, monthNumber } from '@/lib/shared/dates';

/**
 * PriceAgTrend forecasts (docs/market-data.md).
 *
 * Model: additive Holt-Winters with a damped trend, ETS(A,Ad,A), on log prices, so seasonal swings
 * and errors are proportional to the price level. Smoothing parameters come from a small grid,
 * minimising the in-sample one-step sum of squared errors. Seasonal period 12 (monthly) or 52
 * (weekly); without a seasonal part, ETS(A,Ad,N) (see "Model choice" below).
 *
 * Back-test: rolling origin over the last N points (36 months / 52 weeks by default). At each origin
 * the whole procedure (grid search included) is refitted on the data before it and forecasts up to
 * the horizon; the same is done with the seasonal-naive forecast (the value one season earlier). Both
 * are scored by MASE: mean absolute error on prices, scaled by the in-sample mean absolute error of
 * the one-season-back forecast (with under two seasons of data: the last value, plain naive).
 * `lowConfidence` when the model does not beat the benchmark (ties included) or cannot be back-tested.
 *
 * Intervals: for each horizon k, σ(k) is the root mean square of the back-test log errors at that
 * horizon (at least 3 of them; beyond, σ grows like √k from the last reliable horizon), never
 * shrinking with k and never below 0.5 %·√k (a price that did not move in the back-test still may).
 * Bands are exp(ŷ ± z·σ(k)), z = 1.2816 (80 %) and 1.96 (95 %); the midpoint exp(ŷ) is the median
 * on the price scale. Without any back-test, the in-sample one-step error × √k.
 *
 * Model choice: the seasonal model is fitted only with two full seasons of data, and kept only when
 * its AIC beats the non-seasonal one (grain prices often have no stable seasonal pattern).
 */

export type ForecastGranularity = 'month' | 'week';

export interface PricePoint {
  date: string;
  price: number;
}

export interface HistoryPoint {
  /** YYYY-MM for months, the Monday (YYYY-MM-DD) for weeks. */
  period: string;
  price: number;
  /** Filled in by log-linear interpolation: the period had no price. */
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

export interface ForecastOptions {
  granularity?: ForecastGranularity;
  /** Periods ahead; default 12 months or 26 weeks. */
  horizon?: number;
  /** YYYY-MM-DD the forecast is made on; default today (UTC). */
  madeOn?: string;
  /** Back-test origins; default 36 months or 52 weeks (fewer when history is short). */
  backtestPoints?: number;
}

export interface BacktestSummary {
  origins: number;
  /** Model and seasonal-naive MASE (null when the scale is zero, e.g. a constant series). */
  modelMase: number | null;
  naiveMase: number | null;
  modelMae: number;
  naiveMae: number;
  /** In-sample seasonal-naive MAE, the MASE denominator. */
  scale: number;
}

/**
 * The two models by name, in both languages (the page shows the one of its language). The code
 * names the model; the words say what it does for a reader who does not know ETS notation.
 */
export const MODEL_NAMES = {
  seasonal: {
    en: 'ETS(A,Ad,A) on log prices (additive Holt-Winters, damped trend)',
    zh: 'ETS(A,Ad,A) 对数价格模型（加法 Holt-Winters 季节模型，阻尼趋势）',
  },
  trend: {
    en: 'ETS(A,Ad,N) on log prices (damped trend, no seasonality)',
    zh: 'ETS(A,Ad,N) 对数价格模型（阻尼趋势，无季节项）',
  },
} as const;
export type ModelKind = keyof typeof MODEL_NAMES;

export interface ForecastResult {
  /** The English name (MODEL_NAMES[kind].en). */
  model: string;
  kind: ModelKind;
  /** Smoothing of level, trend (effective, α·β), season, and the damping factor. */
  params: { alpha: number; beta: number; gamma: number | null; phi: number };
  granularity: ForecastGranularity;
  seasonPeriod: number | null;
  madeOn: string;
  history: HistoryPoint[];
  forecast: ForecastPoint[];
  /** Null when the history is too short to back-test. */
  backtest: BacktestSummary | null;
  lowConfidence: boolean;
  /** Log-scale σ used for each horizon. */
  sigma: number[];
}

export class ForecastInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForecastInputError';
  }
}

export const MIN_HISTORY = 6;
const Z80 = 1.2815515655446004;
const Z95 = 1.959963984540054;
const MIN_ERRORS_PER_HORIZON = 3;
/** A price that has not moved in the back-test still gets a visible band (0.5 % one step ahead). */
const SIGMA_FLOOR = 0.005;

const ALPHAS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.99];
/** Trend smoothing as a share of alpha (β* = α·β keeps the recursion stable). */
const BETAS = [0.01, 0.05, 0.15, 0.3];
const GAMMAS = [0.01, 0.05, 0.1, 0.2, 0.4];
const PHIS = [0.8, 0.9, 0.98];

// ---- Regular series ----

const weekOf = (date: string) => Math.floor((dayNumber(date) + 3) / 7); // weeks start on Monday (1970-01-01 was a Thursday)
const mondayOf = (week: number) => fromDayNumber(week * 7 - 3);

/**
 * Averages prices per month or week and fills internal gaps by log-linear interpolation, so the model
 * sees one value per period. Leading and trailing gaps do not exist by construction.
 */
export function toRegularSeries(points: readonly PricePoint[], granularity: ForecastGranularity): HistoryPoint[] {
  const keyOf = granularity === 'month' ? monthNumber : weekOf;
  const acc = new Map<number, { sum: number; n: number }>();
  for (const p of points) {
    if (!(p.price > 0) || !Number.isFinite(p.price))
      throw new ForecastInputError(`price must be positive (${p.date}: ${p.price})`);
    const k = keyOf(p.date);
    const a = acc.get(k);
    if (a) {
      a.sum += p.price;
      a.n++;
    } else acc.set(k, { sum: p.price, n: 1 });
  }
  if (acc.size === 0) return [];
  const keys = [...acc.keys()].sort((a, b) => a - b);
  const first = keys[0] ?? 0;
  const last = keys[keys.length - 1] ?? 0;
  const label = granularity === 'month' ? fromMonthNumber : mondayOf;
  const out: HistoryPoint[] = [];
  let prevKey = first;
  let prevLog = 0;
  for (const k of keys) {
    const a = acc.get(k);
    if (!a) continue;
    const logP = Math.log(a.sum / a.n);
    for (let g = prevKey + 1; g < k && k > first; g++) {
      const w = (g - prevKey) / (k - prevKey);
      out.push({ period: label(g), price: Math.exp(prevLog + w * (logP - prevLog)), interpolated: true });
    }
    out.push({ period: label(k), price: a.sum / a.n, interpolated: false });
    prevKey = k;
    prevLog = logP;
  }
  if (out.length !== last - first + 1) throw new Error('internal: irregular series');
  return out;
}

// ---- Holt-Winters ETS(A,Ad,A) / ETS(A,Ad,N) ----

interface Params {
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
}

interface FitState {
  level: number;
  trend: number;
  /** Seasonal states for the next m periods, in order. */
  season: number[];
  sse: number;
  steps: number;
}

/** Runs the recursions over y[0..n); `m` = 0 for no seasonality. */
function runFilter(y: ArrayLike<number>, n: number, m: number, p: Params, keepState: boolean): FitState {
  let level: number;
  let trend: number;
  const season = new Float64Array(Math.max(m, 1));
  if (m > 0) {
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < m; i++) {
      s1 += y[i] ?? 0;
      s2 += y[i + m] ?? 0;
    }
    // Classical start: the first season's mean sits at its middle, (m − 1) / 2; seasonal states
    // are the first season's deviations from that trend line; the level is taken back to t = −1.
    const mean1 = s1 / m;
    trend = (s2 - s1) / (m * m);
    for (let i = 0; i < m; i++) season[i] = (y[i] ?? 0) - (mean1 + trend * (i - (m - 1) / 2));
    level = mean1 - trend * ((m + 1) / 2);
  } else {
    level = y[0] ?? 0;
    trend = n > 1 ? ((y[Math.min(n - 1, 3)] ?? 0) - level) / Math.min(n - 1, 3) : 0;
    level -= trend;
  }
  const { alpha, beta, gamma, phi } = p;
  const betaStar = alpha * beta;
  let sse = 0;
  for (let t = 0; t < n; t++) {
    const si = m > 0 ? t % m : 0;
    const s = m > 0 ? (season[si] ?? 0) : 0;
    const damped = phi * trend;
    const e = (y[t] ?? 0) - (level + damped + s);
    sse += e * e;
    level = level + damped + alpha * e;
    trend = damped + betaStar * e;
    if (m > 0) season[si] = s + gamma * e;
  }
  const ordered: number[] = [];
  if (keepState && m > 0) for (let i = 0; i < m; i++) ordered.push(season[(n + i) % m] ?? 0);
  return { level, trend, season: ordered, sse, steps: n };
}

interface Fit {
  params: Params;
  state: FitState;
  m: number;
}

/**
 * Fits the seasonal and the non-seasonal model (seasonal only with two full seasons) and keeps the
 * one with the lower AIC, n·ln(SSE/n) + 2·(parameters + initial states): the seasonal model pays
 * for its m extra states, so noise is not mistaken for a seasonal pattern.
 */
function fitSelect(y: ArrayLike<number>, n: number, period: number): Fit {
  const plain = fitBest(y, n, 0);
  if (n < 2 * period) return plain;
  const seasonal = fitBest(y, n, period);
  const aic = (f: Fit, k: number) => n * Math.log(Math.max(f.state.sse, 1e-300) / n) + 2 * k;
  return aic(seasonal, 5 + period) < aic(plain, 4) ? seasonal : plain;
}

function fitBest(y: ArrayLike<number>, n: number, m: number): Fit {
  let best: Params = { alpha: 0.5, beta: 0.05, gamma: 0, phi: 0.9 };
  let bestSse = Infinity;
  const gammas = m > 0 ? GAMMAS : [0];
  for (const alpha of ALPHAS)
    for (const beta of BETAS)
      for (const gamma of gammas)
        for (const phi of PHIS) {
          const p = { alpha, beta, gamma, phi };
          const { sse } = runFilter(y, n, m, p, false);
          if (sse < bestSse) {
            bestSse = sse;
            best = p;
          }
        }
  return { params: best, state: runFilter(y, n, m, best, true), m };
}

/** Log-scale point forecasts for horizons 1..h. */
function project(fit: Fit, h: number): number[] {
  const { level, trend, season } = fit.state;
  const { phi } = fit.params;
  const out: number[] = [];
  let dampSum = 0;
  let pw = 1;
  for (let k = 1; k <= h; k++) {
    pw *= phi;
    dampSum += pw;
    const s = fit.m > 0 ? (season[(k - 1) % fit.m] ?? 0) : 0;
    out.push(level + dampSum * trend + s);
  }
  return out;
}

const seasonFor = (granularity: ForecastGranularity) => (granularity === 'month' ? 12 : 52);

/** Seasonal-naive forecasts for horizons 1..h from y[0..n): the value one (or more) season(s) back. */
function seasonalNaive(y: ArrayLike<number>, n: number, m: number, h: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= h; k++) out.push(y[n + k - 1 - m * Math.ceil(k / m)] ?? NaN);
  return out;
}

// ---- Forecast ----

/** Forecasts a price history; throws `ForecastInputError` when there are fewer than 6 periods. */
export function forecastPrices(points: readonly PricePoint[], options: ForecastOptions = {}): ForecastResult {
  const granularity = options.granularity ?? 'month';
  const period = seasonFor(granularity);
  const horizon = options.horizon ?? (granularity === 'month' ? 12 : 26);
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > 4 * period)
    throw new ForecastInputError(`horizon must be an integer from 1 to ${4 * period}`);
  const history = toRegularSeries(points, granularity);
  const n = history.length;
  if (n < MIN_HISTORY)
    throw new ForecastInputError(`at least ${MIN_HISTORY} ${granularity}s of prices are needed, got ${n}`);
  const logY = Float64Array.from(history, (p) => Math.log(p.price));
  const prices = history.map((p) => p.price);

  const fit = fitSelect(logY, n, period);
  const m = fit.m;
  // The benchmark is seasonal naive whenever there are two seasons of data, whichever model won;
  // with less, plain naive (the last value).
  const naiveM = n >= 2 * period ? period : 1;

  // Rolling-origin back-test of the whole procedure, against seasonal naive.
  const minTrain = naiveM > 1 ? 2 * period : MIN_HISTORY;
  const origins = Math.max(0, Math.min(options.backtestPoints ?? (granularity === 'month' ? 36 : 52), n - minTrain));
  const errorsByHorizon: number[][] = Array.from({ length: horizon }, () => []);
  let modelAbs = 0;
  let naiveAbs = 0;
  let count = 0;
  for (let o = n - origins; o < n; o++) {
    const steps = Math.min(horizon, n - o);
    const originFit = fitSelect(logY, o, period);
    const f = project(originFit, steps);
    const sn = seasonalNaive(prices, o, naiveM, steps);
    for (let k = 0; k < steps; k++) {
      const actual = prices[o + k] ?? NaN;
      const logF = f[k] ?? NaN;
      errorsByHorizon[k]?.push((logY[o + k] ?? NaN) - logF);
      modelAbs += Math.abs(actual - Math.exp(logF));
      naiveAbs += Math.abs(actual - (sn[k] ?? NaN));
      count++;
    }
  }

  let scaleSum = 0;
  for (let t = naiveM; t < n; t++) scaleSum += Math.abs((prices[t] ?? 0) - (prices[t - naiveM] ?? 0));
  const scale = scaleSum / Math.max(1, n - naiveM);
  let backtest: BacktestSummary | null = null;
  if (count > 0) {
    const modelMae = modelAbs / count;
    const naiveMae = naiveAbs / count;
    backtest = {
      origins,
      modelMae,
      naiveMae,
      scale,
      modelMase: scale > 0 ? modelMae / scale : null,
      naiveMase: scale > 0 ? naiveMae / scale : null,
    };
  }
  const lowConfidence = !backtest || backtest.modelMae >= backtest.naiveMae;

  const sigma = horizonSigmas(errorsByHorizon, Math.sqrt(fit.state.sse / Math.max(1, fit.state.steps)));
  const mids = project(fit, horizon);
  const lastKey =
    granularity === 'month' ? monthNumber(`${history[n - 1]?.period ?? ''}-01`) : weekOf(history[n - 1]?.period ?? '');
  const label = granularity === 'month' ? fromMonthNumber : mondayOf;
  const forecast = mids.map((mu, i) => {
    const s = sigma[i] ?? 0;
    return {
      period: label(lastKey + i + 1),
      mid: Math.exp(mu),
      lo80: Math.exp(mu - Z80 * s),
      hi80: Math.exp(mu + Z80 * s),
      lo95: Math.exp(mu - Z95 * s),
      hi95: Math.exp(mu + Z95 * s),
    };
  });

  return {
    model: MODEL_NAMES[m > 0 ? 'seasonal' : 'trend'].en,
    kind: m > 0 ? 'seasonal' : 'trend',
    params: {
      alpha: fit.params.alpha,
      beta: fit.params.alpha * fit.params.beta,
      gamma: m > 0 ? fit.params.gamma : null,
      phi: fit.params.phi,
    },
    granularity,
    seasonPeriod: m > 0 ? m : null,
    madeOn: options.madeOn ?? new Date().toISOString().slice(0, 10),
    history,
    forecast,
    backtest,
    lowConfidence,
    sigma,
  };
}

/** σ per horizon from back-test errors (see the module comment). */
function horizonSigmas(errors: number[][], inSampleSigma: number): number[] {
  const out: number[] = [];
  let lastReliable: { k: number; s: number } | null = null;
  let runningMax = 0;
  errors.forEach((errs, i) => {
    const k = i + 1;
    let s: number;
    if (errs.length >= MIN_ERRORS_PER_HORIZON) {
      s = Math.sqrt(errs.reduce((a, e) => a + e * e, 0) / errs.length);
      lastReliable = { k, s };
    } else if (lastReliable) {
      const { k: k0, s: s0 } = lastReliable;
      s = s0 * Math.sqrt(k / k0);
    } else {
      s = inSampleSigma * Math.sqrt(k);
    }
    runningMax = Math.max(runningMax, s, SIGMA_FLOOR * Math.sqrt(k));
    out.push(runningMax);
  });
  return out;
}

import 'server-only';

/**
 * Exponential smoothing on log monthly prices (docs/market-data.md#forecasts): additive
 * Holt-Winters with a damped trend, ETS(A,Ad,A), or without the seasonal part, ETS(A,Ad,N).
 *
 * A month without a price is NaN in `y`: the recursions carry the state through it (the one-step
 * prediction becomes the state) without an update, and it adds nothing to the error sum. So the
 * fit, its parameters and its error are made of observed months only; an interpolated value never
 * reaches the model.
 */

export interface Params {
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
}

export interface FitState {
  level: number;
  trend: number;
  /** Seasonal states for the next m periods, in order. */
  season: number[];
  sse: number;
  /** Observed periods the error sum is over. */
  steps: number;
}

export interface Fit {
  params: Params;
  state: FitState;
  /** Seasonal period, 0 for none. */
  m: number;
}

const ALPHAS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.99];
/** Trend smoothing as a share of alpha (β* = α·β keeps the recursion stable). */
const BETAS = [0.01, 0.05, 0.15, 0.3];
const GAMMAS = [0.01, 0.05, 0.1, 0.2, 0.4];
const PHIS = [0.8, 0.9, 0.98];

// `v === v` is false only for NaN: no global lookup in the loops (inside jest's vm sandbox every
// global lookup is slow, and these run ~10⁶ times per back-test).
const seen = (v: number | undefined): v is number => v !== undefined && v === v;

/** Mean of the observed values of y[from, to). */
function observedMean(y: ArrayLike<number>, from: number, to: number): number | null {
  let s = 0;
  let k = 0;
  for (let i = from; i < to; i++) {
    const v = y[i];
    if (seen(v)) {
      s += v;
      k++;
    }
  }
  return k ? s / k : null;
}

/** The starting states, from observed values only (the series starts with an observed period). */
function initialState(y: ArrayLike<number>, n: number, m: number) {
  const season = new Float64Array(Math.max(m, 1));
  if (m > 0) {
    // Classical start: each season's mean sits at its middle, (m − 1) / 2; the seasonal states are
    // the first two seasons' deviations from that trend line; the level is taken back to t = −1.
    const mean1 = observedMean(y, 0, m) ?? y[0] ?? 0;
    const mean2 = observedMean(y, m, 2 * m) ?? mean1;
    const trend = (mean2 - mean1) / m;
    const line = (t: number) => mean1 + trend * (t - (m - 1) / 2);
    let sum = 0;
    let k = 0;
    for (let i = 0; i < m; i++) {
      const a = y[i];
      const b = y[i + m];
      const devs = [seen(a) ? a - line(i) : null, seen(b) ? b - line(i + m) : null].filter((d) => d !== null);
      const d = devs.length ? devs.reduce((x, z) => x + z, 0) / devs.length : NaN;
      season[i] = d;
      if (!Number.isNaN(d)) {
        sum += d;
        k++;
      }
    }
    // Months seen in neither season start at no effect; the others are centred on zero.
    const centre = k ? sum / k : 0;
    for (let i = 0; i < m; i++) season[i] = Number.isNaN(season[i] ?? NaN) ? 0 : (season[i] ?? 0) - centre;
    return { level: mean1 - trend * ((m + 1) / 2), trend, season };
  }
  const first = y[0] ?? 0;
  // The trend over the first few observed periods.
  let trend = 0;
  for (let j = Math.min(n - 1, 3); j > 0; j--) {
    const v = y[j];
    if (seen(v)) {
      trend = (v - first) / j;
      break;
    }
  }
  return { level: first - trend, trend, season };
}

type Start = ReturnType<typeof initialState>;

/** Runs the recursions over y[0..n); `m` = 0 for no seasonality. The start depends on the data only. */
export function runFilter(
  y: ArrayLike<number>,
  n: number,
  m: number,
  p: Params,
  keepState: boolean,
  start: Start = initialState(y, n, m),
): FitState {
  let { level, trend } = start;
  const season = start.season.slice();
  const { alpha, beta, gamma, phi } = p;
  const betaStar = alpha * beta;
  let sse = 0;
  let steps = 0;
  for (let t = 0; t < n; t++) {
    const si = m > 0 ? t % m : 0;
    const s = m > 0 ? (season[si] ?? 0) : 0;
    const damped = phi * trend;
    const v = y[t];
    if (!seen(v)) {
      // No price this period: the state moves on as predicted, unchanged by any error.
      level += damped;
      trend = damped;
      continue;
    }
    const e = v - (level + damped + s);
    sse += e * e;
    steps++;
    level = level + damped + alpha * e;
    trend = damped + betaStar * e;
    if (m > 0) season[si] = s + gamma * e;
  }
  const ordered: number[] = [];
  if (keepState && m > 0) for (let i = 0; i < m; i++) ordered.push(season[(n + i) % m] ?? 0);
  return { level, trend, season: ordered, sse, steps };
}

/**
 * The error sum of one parameter set: runFilter's loop without its bookkeeping, on typed arrays.
 * The grid search calls it ~500 times per fit, and a back-test fits once per origin.
 */
function sseOf(y: Float64Array, n: number, m: number, p: Params, start: Start, scratch: Float64Array): number {
  let level = start.level;
  let trend = start.trend;
  scratch.set(start.season);
  const { alpha, gamma, phi } = p;
  const betaStar = alpha * p.beta;
  let sse = 0;
  let si = 0;
  for (let t = 0; t < n; t++) {
    const s = m > 0 ? scratch[si]! : 0;
    const damped = phi * trend;
    const v = y[t]!;
    if (v === v) {
      const e = v - (level + damped + s);
      sse += e * e;
      level += damped + alpha * e;
      trend = damped + betaStar * e;
      if (m > 0) scratch[si] = s + gamma * e;
    } else {
      level += damped;
      trend = damped;
    }
    if (m > 0 && ++si === m) si = 0;
  }
  return sse;
}

function fitBest(y: Float64Array, n: number, m: number): Fit {
  let best: Params = { alpha: 0.5, beta: 0.05, gamma: 0, phi: 0.9 };
  let bestSse = Infinity;
  const gammas = m > 0 ? GAMMAS : [0];
  const start = initialState(y, n, m);
  const scratch = new Float64Array(start.season.length);
  for (const alpha of ALPHAS)
    for (const beta of BETAS)
      for (const gamma of gammas)
        for (const phi of PHIS) {
          const p = { alpha, beta, gamma, phi };
          const sse = sseOf(y, n, m, p, start, scratch);
          if (sse < bestSse) {
            bestSse = sse;
            best = p;
          }
        }
  return { params: best, state: runFilter(y, n, m, best, true, start), m };
}

/**
 * Fits the seasonal and the non-seasonal model (seasonal only with two full seasons) and keeps the
 * one with the lower AIC over the observed periods, k·ln(SSE/k) + 2·(parameters + initial states):
 * the seasonal model pays for its m extra states, so noise is not mistaken for a seasonal pattern.
 */
export function fitSelect(y: Float64Array, n: number, period: number): Fit {
  const plain = fitBest(y, n, 0);
  if (n < 2 * period) return plain;
  const seasonal = fitBest(y, n, period);
  const k = Math.max(plain.state.steps, 1);
  const aic = (f: Fit, params: number) => k * Math.log(Math.max(f.state.sse, 1e-300) / k) + 2 * params;
  return aic(seasonal, 5 + period) < aic(plain, 4) ? seasonal : plain;
}

/** Log-scale point forecasts for horizons 1..h after the fitted periods. */
export function project(fit: Fit, h: number): number[] {
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

/** The in-sample one-step error (log scale, root mean square over observed periods). */
export const oneStepSigma = (fit: Fit) => Math.sqrt(fit.state.sse / Math.max(1, fit.state.steps));

import 'server-only';

/**
 * Band widths (docs/market-data.md#forecast-record). A forecast's band at k months ahead is
 * exp(ŷ ± q(k)·σ), σ the method's own in-sample error. q(k) is split-conformal: among the
 * back-test's scores at horizon k (|log error| / σ, pooled over every real series), the
 * ⌈(n + 1)·level⌉-th smallest, so a new forecast's band holds with probability ≥ level when its
 * score is like theirs. Bands never narrow further ahead (q is made non-decreasing in k).
 */

export const LEVELS = { q80: 0.8, q95: 0.95 } as const;
export type Level = keyof typeof LEVELS;
const Z = { q80: 1.2815515655446004, q95: 1.959963984540054 } as const;
/** Fewer scores than this at a horizon: its q follows the previous horizon's. */
export const MIN_SCORES = 20;

export type Multipliers = Record<Level, number[]>;
export interface Calibration {
  ets: Multipliers;
  snaive: Multipliers;
}
export type CalibratedMethod = keyof Calibration;

/**
 * Before any record: Gaussian bands, ETS's growing like a random walk (√k), seasonal naive's flat
 * (every month up to a year ahead repeats a price a year old).
 */
export function gaussianMultipliers(method: CalibratedMethod, horizon = 12): Multipliers {
  const grow = (k: number) => (method === 'ets' ? Math.sqrt(k) : 1);
  return {
    q80: Array.from({ length: horizon }, (_, i) => Z.q80 * grow(i + 1)),
    q95: Array.from({ length: horizon }, (_, i) => Z.q95 * grow(i + 1)),
  };
}

export function bandMultipliers(c: Calibration | null, method: CalibratedMethod, horizon = 12): Multipliers {
  return c ? c[method] : gaussianMultipliers(method, horizon);
}

/** The split-conformal quantile of sorted scores at `level`; Infinity when there are too few for it. */
export function conformalQuantile(sorted: readonly number[], level: number): number {
  const rank = Math.ceil((sorted.length + 1) * level);
  return rank <= sorted.length ? (sorted[rank - 1] ?? Infinity) : Infinity;
}

/** Multipliers per horizon 1..horizon from scored forecasts `{ k, score }`. */
export function calibrate(
  scores: readonly { k: number; score: number }[],
  method: CalibratedMethod,
  horizon = 12,
): Multipliers {
  const byK: number[][] = Array.from({ length: horizon }, () => []);
  for (const s of scores) if (s.k >= 1 && s.k <= horizon && Number.isFinite(s.score)) byK[s.k - 1]!.push(s.score);
  const fallback = gaussianMultipliers(method, horizon);
  const out: Multipliers = { q80: [], q95: [] };
  for (const level of Object.keys(LEVELS) as Level[]) {
    let prev: number | null = null;
    byK.forEach((list, i) => {
      let q: number;
      if (list.length >= MIN_SCORES)
        q = conformalQuantile(
          [...list].sort((a, b) => a - b),
          LEVELS[level],
        );
      else if (prev !== null) q = prev * ((fallback[level][i] ?? 1) / (fallback[level][i - 1] ?? 1));
      else q = fallback[level][i] ?? 0;
      q = Math.max(q, prev ?? 0);
      out[level].push(q);
      prev = q;
    });
  }
  return out;
}

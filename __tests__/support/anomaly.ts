// Monthly series whose ALPS fit is worked out by hand (docs/market-data.md, "Anomaly levels",
// worked example): 36 months, every month priced, so each calendar month holds three prices at
// t, t + 12 and t + 24 whose times deviate from their month's mean by −12, 0 and +12 wherever the
// series starts. On a trend and a seasonal pattern (which the model fits exactly) sit two things:
// - a jump of δ in the latest month (t = 35), which leaves the residuals δ/24, 0, −δ/24 in the eleven
//   other calendar months and −7δ/24, −8δ/24, 15δ/24 in the latest one;
// - noise η, −2η, η in the first calendar month (t = 0, 12, 24), orthogonal to time: its residuals
//   are itself.
// So the latest residual is 15δ/24, the residuals' sum of squares 0.625δ² + 6η², their sd
// √((0.625δ² + 6η²) / 35), and the score 15δ/24 ÷ sd, whichever month the series ends in.
import { addMonths } from '@/lib/shared/dates';

export const SEASON = [0, 6, 12, 6, 0, -6, -12, -6, 0, 4, 8, 4];

/** The 36 monthly prices, t = 0 … 35. */
export function handPrices(delta: number, eta: number, base = 1000): number[] {
  return Array.from({ length: 36 }, (_, t) => {
    const noise = t % 12 === 0 ? (t === 12 ? -2 * eta : eta) : 0;
    return base + 0.5 * t + SEASON[t % 12]! + (t === 35 ? delta : 0) + noise;
  });
}

/** What the fit must give for (δ, η). */
export function handExpected(delta: number, eta: number, base = 1000) {
  const residual = (15 * delta) / 24;
  const sd = Math.sqrt((0.625 * delta * delta + 6 * eta * eta) / 35);
  const latest = handPrices(delta, eta, base)[35]!;
  return { residual, sd, score: residual / sd, latest, fitted: latest - residual };
}

/** The cases of the tests and of the worked example: each level, and a low price that is normal. */
export const HAND_CASES = {
  crisis: { delta: 24, eta: 0 }, // score 4.68
  alert: { delta: 24, eta: 20 }, // 1.69
  stress: { delta: 24, eta: 60 }, // 0.60
  normal: { delta: 24, eta: 200 }, // 0.18
  low: { delta: -24, eta: 0 }, // −4.68: a low price is normal, its score still shown
} as const;

/** The first day of each of the `n` months ending with `last`'s month: YYYY-MM-01. */
export function monthsEnding(last: string, n: number): string[] {
  const end = `${last.slice(0, 7)}-01`;
  return Array.from({ length: n }, (_, i) => addMonths(end, i - n + 1));
}

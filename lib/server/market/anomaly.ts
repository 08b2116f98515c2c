import 'server-only';
import { ANOMALY_RULES, levelOf, type AnomalyLevel } from '@/lib/shared/anomaly';
import { monthNumber } from '@/lib/shared/dates';

/** One month of a series: its first day (YYYY-MM-01) and its price (the geometric mean of the month's prices). */
export type MonthPrice = { month: string; price: number };

/** What the data says, whatever the day: the level, or why there is none. Staleness is decided when read. */
export type AnomalyFit =
  | {
      kind: 'level';
      level: AnomalyLevel;
      /** (latest − fitted) / sd(residuals). */
      score: number;
      latest: number;
      fitted: number;
      sd: number;
      months: number;
      span: number;
      lastMonth: string;
    }
  | { kind: 'short' | 'gaps'; months: number; span: number; lastMonth: string };

/**
 * WFP's ALPS on one monthly series (docs/market-data.md, "Anomaly levels"): least squares of
 * `price = b0 + b1·t + month dummies` over the whole history (t in months from the first), then
 * the latest month's residual over the standard deviation of all residuals.
 *
 * The month dummies and the intercept together are one intercept per calendar month, so the
 * least-squares slope is that of the prices and times taken as deviations from their calendar
 * month's means (the Frisch–Waugh–Lovell theorem), and each residual is the price's deviation less
 * the slope times the time's deviation. This gives the same fit as solving the 13-column system,
 * in one pass, with nothing to invert. sd is the sample standard deviation (n − 1), as R's
 * `sd(residuals(fit))`.
 *
 * `months` must be sorted by month, one entry per month, prices > 0.
 */
export function alps(months: readonly MonthPrice[]): AnomalyFit | null {
  const n = months.length;
  if (!n) return null;
  const first = monthNumber(months[0]!.month);
  const last = months[n - 1]!;
  const span = monthNumber(last.month) - first + 1;
  const base = { months: n, span, lastMonth: last.month.slice(0, 7) };
  if (span < ANOMALY_RULES.minMonths) return { kind: 'short', ...base };
  if (n * 100 < ANOMALY_RULES.minCoveragePct * span) return { kind: 'gaps', ...base };

  const t = months.map((m) => monthNumber(m.month) - first);
  const cal = months.map((m) => Number(m.month.slice(5, 7)) - 1);
  const sumP = new Array<number>(12).fill(0);
  const sumT = new Array<number>(12).fill(0);
  const count = new Array<number>(12).fill(0);
  for (let i = 0; i < n; i++) {
    const c = cal[i]!;
    sumP[c] = sumP[c]! + months[i]!.price;
    sumT[c] = sumT[c]! + t[i]!;
    count[c] = count[c]! + 1;
  }
  const dp = months.map((m, i) => m.price - sumP[cal[i]!]! / count[cal[i]!]!);
  const dt = t.map((x, i) => x - sumT[cal[i]!]! / count[cal[i]!]!);
  let stt = 0;
  let stp = 0;
  for (let i = 0; i < n; i++) {
    stt += dt[i]! * dt[i]!;
    stp += dt[i]! * dp[i]!;
  }
  const slope = stt > 0 ? stp / stt : 0;
  const residuals = dp.map((x, i) => x - slope * dt[i]!);
  const mean = residuals.reduce((a, b) => a + b, 0) / n;
  const ss = residuals.reduce((a, e) => a + (e - mean) ** 2, 0);
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const residual = residuals[n - 1]!;
  // A series the model fits exactly has no spread to measure against: its latest price is as expected.
  const score = sd > 1e-9 * Math.max(1, Math.abs(last.price)) ? residual / sd : 0;
  return {
    kind: 'level',
    level: levelOf(score),
    score,
    latest: last.price,
    fitted: last.price - residual,
    sd,
    ...base,
  };
}

import { addMonths } from './dates';

/**
 * Anomaly levels of a price series (docs/market-data.md, "Anomaly levels"): WFP's ALPS on monthly
 * actual prices. The thresholds and the eligibility rules live here, once, for the server that
 * computes the level and the pages that write the thresholds beside it.
 */
export const ANOMALY_LEVELS = ['normal', 'stress', 'alert', 'crisis'] as const;
export type AnomalyLevel = (typeof ANOMALY_LEVELS)[number];

/** The lowest score of each level above normal: stress 0.25, alert 1, crisis 2 (standard deviations). */
export const ANOMALY_THRESHOLDS = { stress: 0.25, alert: 1, crisis: 2 } as const;

/** Why a series has no level: too short, too many months without a price, or no recent price. */
export type AnomalyWhy = 'short' | 'gaps' | 'stale';

export const ANOMALY_RULES = {
  /** At least three years from the first month with a price to the latest one (both counted). */
  minMonths: 36,
  /** At least 70 % of those months have a price (a percentage: compared in whole numbers). */
  minCoveragePct: 70,
  /** A price in the last six months, counted from today. */
  recentMonths: 6,
} as const;

/** The level of a score: only high prices are flagged; a low price (negative score) is normal. */
export function levelOf(score: number): AnomalyLevel {
  if (score >= ANOMALY_THRESHOLDS.crisis) return 'crisis';
  if (score >= ANOMALY_THRESHOLDS.alert) return 'alert';
  if (score >= ANOMALY_THRESHOLDS.stress) return 'stress';
  return 'normal';
}

/** The rank of a level (normal 0 … crisis 3), to compare "reaches alert" and to filter "alert or crisis". */
export const levelRank = (l: AnomalyLevel) => ANOMALY_LEVELS.indexOf(l);

/** A series without a price since six months before `today` is stale: its level is not shown. */
export function isAnomalyStale(lastDay: string, today: string): boolean {
  return lastDay < addMonths(today, -ANOMALY_RULES.recentMonths);
}

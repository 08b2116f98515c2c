/**
 * What each membership level may follow and be told (docs/pricing.md, "Watchlists and alerts"):
 * series on the watchlist, alert rules, the channels beyond the portal, and SMS a day. The portal's
 * notification centre is every level's. A logged-in user without a membership has `free`.
 */
export const ALERT_CHANNELS = ['email', 'sms', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export type AlertLimits = { series: number; rules: number; channels: readonly AlertChannel[]; smsPerDay: number };

export const ALERT_LIMITS: Record<'free' | 'silver' | 'gold' | 'platinum', AlertLimits> = {
  free: { series: 10, rules: 3, channels: ['email'], smsPerDay: 0 },
  silver: { series: 50, rules: 20, channels: ['email'], smsPerDay: 0 },
  gold: { series: 200, rules: 100, channels: ['email', 'sms'], smsPerDay: 20 },
  platinum: { series: 1000, rules: 500, channels: ['email', 'sms', 'webhook'], smsPerDay: 100 },
};

const BY_RANK = ['free', 'silver', 'gold', 'platinum'] as const;

/** The limits of a membership (its level's code, else its rank; none: free). */
export function alertLimitsOf(member: { levelCode: string; rank: number } | null): AlertLimits {
  if (!member) return ALERT_LIMITS.free;
  const byCode = ALERT_LIMITS[member.levelCode as keyof typeof ALERT_LIMITS];
  return byCode ?? ALERT_LIMITS[BY_RANK[Math.max(0, Math.min(3, member.rank))]!];
}

/**
 * What a longer range saves against buying its months one at a time at the 1-month price, in
 * whole percent (docs/pricing.md): Silver 12 months at ¥299 against 12 × ¥39 saves 36 %.
 * Null for the 1-month range itself, or when the level has no 1-month price to compare with.
 */
export function rangeSavingPct(prices: readonly { months: number; priceFen: number }[], months: number): number | null {
  const monthly = prices.find((p) => p.months === 1)?.priceFen;
  const price = prices.find((p) => p.months === months)?.priceFen;
  if (months <= 1 || !monthly || price === undefined) return null;
  const pct = Math.floor((1 - price / (monthly * months)) * 100);
  return pct > 0 ? pct : null;
}

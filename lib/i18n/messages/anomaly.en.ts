// Anomaly levels beside every series (docs/market-data.md, "Anomaly levels"). anomaly.zh-cn.ts mirrors every key.
export const anomalyEn = {
  column: 'Anomaly',
  normal: 'Normal',
  stress: 'Stress',
  alert: 'Alert',
  crisis: 'Crisis',
  scored: '{level} {score}',
  thresholds:
    'Anomaly level (WFP ALPS): how far the latest monthly price is above what its trend and season predict, in standard deviations — normal below 0.25, stress 0.25 to 1, alert 1 to 2, crisis 2 or more. Low prices count as normal.',
  thresholdsShort: 'normal < 0.25 · stress 0.25–1 · alert 1–2 · crisis ≥ 2',
  detail: '{month}: price {latest}, expected {fitted} (± {sd}); {score} standard deviations',
  short: 'Not enough data: {months} months of prices, 36 needed',
  gaps: 'Not enough data: {pct} % of months have a price, 70 % needed',
  stale: 'No price since {date}',
  noData: 'No level yet',
  onlyFlagged: 'Only alert or crisis',
  howComputed: 'How anomaly levels are computed',
};

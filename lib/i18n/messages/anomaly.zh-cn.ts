import type { Translation } from '../types';
import type { anomalyEn } from './anomaly.en';

export const anomalyZhCN: Translation<typeof anomalyEn> = {
  column: '异常等级',
  normal: '正常',
  stress: '偏高',
  alert: '警戒',
  crisis: '危机',
  scored: '{level}（{score}）',
  thresholds:
    '异常等级（WFP ALPS）：最新月度价格高出其趋势与季节规律预期的程度，以标准差计——低于 0.25 为正常，0.25 至 1 为偏高，1 至 2 为警戒，2 及以上为危机。价格偏低按正常计。',
  thresholdsShort: '正常 < 0.25 · 偏高 0.25–1 · 警戒 1–2 · 危机 ≥ 2',
  detail: '{month}：价格 {latest}，预期 {fitted}（± {sd}）；高出 {score} 个标准差',
  short: '数据不足：仅有 {months} 个月的价格，需要 36 个月',
  gaps: '数据不足：{pct}% 的月份有价格，需要 70%',
  stale: '自 {date} 起无价格',
  noData: '暂无等级',
  onlyFlagged: '仅看警戒或危机',
  howComputed: '异常等级的计算方法',
};

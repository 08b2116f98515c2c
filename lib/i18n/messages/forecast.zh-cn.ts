import type { forecastEn } from './forecast.en';

// 预测面板文字（docs/market-data.md#forecasts），属于 `market` 命名空间。
export const forecastZhCN: Record<keyof typeof forecastEn, string> = {
  fcObserved: '{of} 个月中有 {months} 个月有价格',
  fcModelFrom: '模型使用 {from} 以来有价格的 {observed} 个月（此前超过一年的缺口使更早的序列另算）',
  fcGap: '当月无价格（虚线连接前后月份）',
  fcEnded: '无预测：该序列止于 {month}。',
  fcEndedBody: '预测要覆盖的月份都已过去。下方仍显示历史数据。',
  fcTooFew: '无预测：仅 {observed} 个月有价格，预测至少需要 {needed} 个月。',
  fcTooFewBody: '两年价格用于拟合模型，另需六个月与季节性朴素预测对比检验。',
  fcMadeFrom: '依据截至 {date} 的价格',
  fcSnaive: '显示季节性朴素预测',
  fcSnaiveBody: '回测中模型未优于季节性朴素预测（一年前同月价格），因此显示的是季节性朴素预测。',
  fcBacktest: '最近 24 个月回测（MASE，越低越好）：模型 {model}，季节性朴素法 {naive}',
  fcBand80: '80% 区间',
  fcBand95: '95% 区间',
  fcHeld: '回测命中率 {pct}',
  fcUncalibrated: '区间尚未依据预测记录校准。',
  fcRecordLink: '我们的预测有多准？查看预测记录',
};

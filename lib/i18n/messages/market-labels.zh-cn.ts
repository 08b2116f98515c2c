import type { marketLabelsEn } from './market-labels.en';

// 随数据而定的标签（docs/market-data.md#defaults），属于 `market` 命名空间。
export const marketLabelsZhCN: Record<keyof typeof marketLabelsEn, string> = {
  seasonalSpan: '{from} – {to}（后移 {shift} 年）',
};

import type { Translation } from '../types';
import type { saleRegionEn } from './sale-region.en';

export const saleRegionZhCN: Translation<typeof saleRegionEn> = {
  products: '品种：{names}',
  more: '等 {n} 个',
  source: '{source}：{frequency}，{from} 至 {to}',
  daily: '每日',
  monthly: '每月',
  demo: '演示数据',
  current: '当前数据',
  archive: '历史数据：价格截至 {date}',
  archiveCountry: { count: 'n', other: '其中 {n} 个地区为历史数据' },
  archivePrice: '近 {days} 天没有价格的地区按历史数据出售：每个地区 {price} / {months} 个月',
  statusLink: '各国数据覆盖情况',
};

import type { Translation } from '../types';
import type { embedEn } from './embed.en';

export const embedZhCN: Translation<typeof embedEn> = {
  embed: {
    trendTitle: '{product}（{region}）',
    trendSub: '{priceType}价格，{unit} · {from} 至 {to}',
    wholesale: '批发',
    retail: '零售',
    source: '来源：{sources}',
    asOf: '数据截至 {date}',
    viewOn: '在{site}查看',
    locked: '此图表不公开。请在{site}打开查看。',
    notFound: '没有这个图表。',
    empty: '{from} 至 {to} 之间没有价格。请在{site}打开图表并选择其他时间段。',
    data: '数据',
    date: '日期',
    chartLabel: '{title}：{from} 至 {to} 共 {n} 个价格，最新 {last}。',
  },
};

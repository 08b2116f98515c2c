// 会员页的等级对比（docs/pricing.md）。与 plans.en.ts 的键一一对应。
import type { Translation } from '../types';
import type { plansEn } from './plans.en';

export const plansZhCN: Translation<typeof plansEn> = {
  title: '等级对比',
  lead: '访客、免费账号和各级会员分别能看到、能做什么。各等级覆盖的国家相同。',
  feature: '权益',
  recommended: '推荐',
  price: '价格',
  priceVisitor: '无需账号',
  priceFree: '注册即享',
  priceFrom: '{price}/月起',
  saving: '{price}/{period}（省 {pct}%）',
  history: '历史价格',
  historyDays: '最近 {days} 天',
  historyMonths: { count: 'months', other: '{months} 个月' },
  historyYears: { count: 'years', other: '{years} 年' },
  regions: '地区',
  regionNational: '全国数据',
  regionProvince: '省级',
  regionMarket: '省级和市场',
  forecasts: '价格预测',
  exports: 'CSV 导出',
  discount: '数据产品折扣',
  api: '数据 API',
  apiCalls: '每天 {calls} 次调用',
  countries: '覆盖国家',
  countriesAll: '全部 {count} 个：{names}',
  yes: '有',
  no: '无',
  none: '无',
};

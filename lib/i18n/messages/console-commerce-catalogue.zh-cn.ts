// 后台的会员等级与数据产品（console-catalogue.en.ts 定义键）。
import type { Translation } from '../types';
import type { consoleCommerceCatalogueEn } from './console-commerce-catalogue.en';

export const consoleCommerceCatalogueZhCN: Translation<typeof consoleCommerceCatalogueEn> = {
  commerceCatalogue: {
    title: '会员等级与数据产品',
    intro:
      '会员与数据产品的价格和权益。修改只对之后下的订单生效，已下的订单保持原价。每次修改都须填写原因，并记入审计日志。',
    levels: '会员等级',
    products: '数据产品',
    level: '等级',
    rank: '级别',
    prices: '价格',
    priceMonths: '{months} 个月',
    discount: '数据产品折扣',
    history: '历史数据',
    historyMonths: '{n} 个月',
    depth: '地区深度',
    depths: { national: '全国', province: '省级', market: '市场' },
    forecast: '预测',
    export: '导出',
    apiCalls: '每日 API 调用',
    forSale: '在售',
    notForSale: '停售',
    free: '免费等级：无价格',
    product: '产品',
    category: '类别',
    regionPrice: '每个地区价格',
    months: '月数',
    minLevel: '最低等级',
    anyone: '任何登录用户',
    edit: '编辑',
    editLevel: '编辑{name}',
    editProduct: '编辑{name}',
    priceYuan: '{months} 个月价格（¥）',
    pct: '数据产品折扣（%）',
    reason: '原因（记入审计日志）',
    reasonRequired: '请说明原因（至少 4 个字）。',
    newOrdersOnly: '对此后下的订单生效；已下的订单保持原价。',
    saved: '已保存：新订单即刻按此计价。',
    unchanged: '没有任何更改。',
  },
};

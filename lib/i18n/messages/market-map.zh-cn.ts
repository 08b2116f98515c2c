import type { Translation } from '../types';
import type { marketMapEn } from './market-map.en';

export const marketMapZhCN: Translation<typeof marketMapEn> = {
  mapTitle: '市场分布图',
  mapColourBy: '颜色表示',
  mapByChange: '最新涨跌',
  mapByAnomaly: '异常等级',
  mapLead: '各市场{product}的最新价格，颜色表示较上一次价格的涨跌。',
  mapLoading: '正在加载地图…',
  mapNoOutline: '该国家的地图未能加载；下表数据相同。',
  mapEmpty: '没有带位置的市场有该产品的最新价格。',
  mapLegend: '较上一次价格的涨跌',
  mapRise: '上涨',
  mapFall: '下跌',
  mapNoChange: '无更早价格',
  mapTable: '以表格查看相同数据',
  mapBoundaries: '边界：{source}（公有领域），仅作示意。',
  mapUnplaced: { count: 'n', other: '{n} 个市场没有位置，仅列在表中。' },
  mapLabel: '{market}：{price}，{change}，{date}',
};

import type { Translation } from '../types';
import type { marketScreenEn } from './market-screen.en';

export const marketScreenZhCN: Translation<typeof marketScreenEn> = {
  listNoMatch: '没有与“{query}”匹配的价格。',
  listNoMatchFilters: '没有符合这些筛选条件的价格。',
  listClearSearch: '清除搜索',
  regionLatestAll: '显示全部 {n} 条',
  regionLatestFewer: '只显示前 {n} 条',
  periodShownFrom: '{from} – {to}，价格自 {shown} 起显示',
  standIn: '正在显示{shown}；{locked}已锁定。',
  filtersChange: '修改',
  filtersChosen: '当前选择',
  chartTable: '以表格查看图表数据',
};

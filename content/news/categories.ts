import type { NewsCategoryId } from './types';

export const NEWS_CATEGORIES: { id: NewsCategoryId; nameZh: string; nameEn: string; sort: number }[] = [
  { id: 'market', nameZh: '市场行情', nameEn: 'Market watch', sort: 1 },
  { id: 'industry', nameZh: '行业资讯', nameEn: 'Industry', sort: 2 },
  { id: 'policy', nameZh: '政策解读', nameEn: 'Policy', sort: 3 },
  { id: 'company', nameZh: '公司动态', nameEn: 'Company news', sort: 4 },
];

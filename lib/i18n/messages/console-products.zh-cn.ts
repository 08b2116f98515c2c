// Chinese of the console's unmapped commodities screen (console-products.en.ts defines the keys).
import type { Translation } from '../types';
import type { consoleProductsEn } from './console-products.en';

export const consoleProductsZhCN: Translation<typeof consoleProductsEn> = {
  unmappedPage: {
    title: '未映射品种',
    intro:
      '导入时遇到的、映射表中没有的品种，已按数据源的名称建立。请为每个品种填写中英文名称并选择分类：市场页面会立即使用新名称，同一数据源之后的文件仍会归入该产品。',
    sourceName: '数据源名称',
    code: '代码',
    unit: '单位',
    rows: '价格条数',
    countries: '国家',
    sources: '数据源',
    since: '首次导入',
    action: '操作',
    name: '命名并归类',
    none: '所有品种均已映射。',
    dialogTitle: '命名并归类“{name}”',
    nameZh: '中文名称',
    nameEn: '英文名称',
    category: '分类',
    unitKept: '价格仍按数据源给出的单位（{unit}）计。',
    save: '保存',
    cancel: '取消',
    saved: '“{name}”已成为目录中的产品。',
    failed: '未保存：{msg}',
  },
};

import type { Translation } from '../types';
import type { consoleCatalogueEn } from './console-catalogue.en';

export const consoleCatalogueZhCN: Translation<typeof consoleCatalogueEn> = {
  catalogue: {
    title: '品种与来源',
    intro:
      '各行情页使用的目录：产品（中英文名称、类别）、产品类别，以及价格来源及其许可协议和数据旁显示的署名。修改在一秒内反映到网站。',
    products: '产品',
    categories: '类别',
    sources: '来源',
    search: '搜索代码或名称',
    code: '代码',
    nameZh: '中文名称',
    nameEn: '英文名称',
    category: '类别',
    unit: '单位',
    sourceName: '来源名称',
    state: '状态',
    mapped: '已入目录',
    unmapped: '未映射',
    count: '产品数',
    name: '名称',
    licence: '许可协议',
    attribution: '署名',
    demo: '演示',
    action: '操作',
    edit: '编辑',
    save: '保存',
    cancel: '取消',
    editTitle: '编辑“{name}”',
    saved: '“{name}”已保存',
    failed: '未保存：{msg}',
  },
};

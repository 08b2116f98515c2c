import type { Translation } from '../types';
import type { consoleAuditEn } from './console-audit.en';

export const consoleAuditZhCN: Translation<typeof consoleAuditEn> = {
  audit: {
    title: '审计日志',
    search: '搜索变更内容、编号、原因',
    actor: '员工（姓名或手机号）',
    action: '操作',
    entity: '记录类型',
    period: '时间段',
    at: '时间',
    who: '操作人',
    what: '对象',
    reason: '原因',
    field: '字段',
    before: '修改前',
    after: '修改后',
    created: '新建',
    deleted: '已删除',
    unchangedFields: { count: 'n', other: '{n} 个字段未变' },
    showUnchanged: '显示未变字段',
    noChanges: '没有字段变化。',
    loadMore: '加载更早的记录',
    end: '符合条件的记录已全部列出。',
    exporting: '正在导出… {n} 条',
    exported: '已导出 {n} 条记录。',
    exportCapped: '已导出最新的 {n} 条记录：缩小筛选范围以导出更早的记录。',
    readOnly: '记录由其描述的变更同时写入，永远不能修改或删除。',
    empty: '没有符合条件的记录。',
  },
};

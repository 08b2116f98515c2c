// Chinese of the console's content messages (server-console-content.en.ts defines the keys).
import type { Template } from '../format';
import type { serverConsoleContentEn } from './server-console-content.en';

export const serverConsoleContentZhCN: { readonly [K in keyof typeof serverConsoleContentEn]: Template } = {
  'content.staleVersion':
    '您打开此文章后，其他人已保存了修改（现为第 {current} 版）。请先复制您的文字，再重新加载查看。',
  'content.notDraft': '此文章当前为{status}状态：请由编辑修改，或先撤回为草稿。',
  'content.alreadyPublished': '此文章已发布。',
  'content.notPublished': '此文章尚未发布。',
  'content.scheduleInPast': '必须是将来的时间',
  'content.noVersion': '此文章没有该版本',
};

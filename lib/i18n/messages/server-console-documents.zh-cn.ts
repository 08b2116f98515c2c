// Chinese of the console's document messages (server-console-documents.en.ts defines the keys).
import type { Template } from '../format';
import type { serverConsoleDocumentsEn } from './server-console-documents.en';

export const serverConsoleDocumentsZhCN: { readonly [K in keyof typeof serverConsoleDocumentsEn]: Template } = {
  'documents.staleVersion':
    '您打开此文档后，其他人已保存了修改（现为第 {current} 版）。请先复制您的文字，再重新加载查看。',
  'documents.notDraft': '此文档当前为{status}状态：请由编辑修改，或先撤回为草稿。',
  'documents.alreadyPublished': '此文档已发布。',
  'documents.notPublished': '此文档尚未发布。',
  'documents.noVersion': '此文档没有该版本',
  'documents.dirNotEmpty': '此目录下还有 {documents} 篇文档和 {dirs} 个子目录：请先移走或删除它们。',
  'documents.dirUnderItself': '不能是该目录本身或其下级目录',
  'documents.notYourUpload': '不是您上传的文件',
  'documents.noAttachment': '不是此文档的附件',
  'documents.orderMismatch': '必须列出此文档的每个附件各一次',
  'documents.fileMissing': '上传的文件已不在存储中，请重新上传',
};

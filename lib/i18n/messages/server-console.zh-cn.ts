// Chinese of the console's server messages (server-console.en.ts defines the keys).
import type { Template } from '../format';
import type { serverConsoleEn } from './server-console.en';

export const serverConsoleZhCN: { readonly [K in keyof typeof serverConsoleEn]: Template } = {
  'console.roleMissing': '您的后台角色不包含此项操作。',
  'console.notStaff': '此账号没有后台角色，请联系管理员授予。',
};

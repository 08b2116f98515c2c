import type { Translation } from '../types';
import type { networkEn } from './network.en';

export const networkZhCN: Translation<typeof networkEn> = {
  offline: '当前处于离线状态。页面上已有的内容仍可查看，恢复连接后会自动更新。',
  backOnline: '网络已恢复。',
};

import type { Locale } from '../config';
import type { Messages } from '../types';
import { en } from './en';
import { zhCN } from './zh-CN';

// Imported by server code only: client islands get the namespaces they need as props.
export const dictionaries: Record<Locale, Messages> = { 'zh-CN': zhCN, en };

import type { Locale } from '@/lib/shared/locale';
import type { Messages } from '../types';
import { en } from './core.en';
import { zhCN } from './core.zh-cn';

// Imported by server code only: client islands get the namespaces they need as props.
export const dictionaries: Record<Locale, Messages> = { 'zh-CN': zhCN, en };

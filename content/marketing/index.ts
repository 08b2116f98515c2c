import type { Locale } from '@/lib/shared/locale';
import { en } from './en';
import type { MarketingContent } from './types';
import { zhCN } from './zh-cn';

// Read by server components only; client islands get what they need as props.
export const marketing: Record<Locale, MarketingContent> = { en, 'zh-CN': zhCN };
export type { MarketingContent };

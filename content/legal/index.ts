import type { Locale } from '@/lib/shared/locale';
import { legalEn } from './en';
import type { LegalContent } from './types';
import { legalZhCN } from './zh-cn';

export const legal: Record<Locale, LegalContent> = { en: legalEn, 'zh-CN': legalZhCN };
export type { LegalContent, LegalDoc } from './types';

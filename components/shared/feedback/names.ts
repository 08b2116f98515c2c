import type { Locale } from '@/lib/i18n/config';

/** Feedback data carries both languages; pick the page's. */
export const localName = (o: { nameZh: string; nameEn: string } | null | undefined, locale: Locale) =>
  o ? (locale === 'zh-CN' ? o.nameZh : o.nameEn) : '';

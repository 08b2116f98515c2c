import type { Locale } from './locale';

/** The page's language of a text kept in both (`nameZh` / `nameEn` …). */
export const pick = (locale: Locale, zh: string, en: string) => (locale === 'zh-CN' ? zh : en);

/** The page's name of a record carrying both; '' for none. */
export const localName = (o: { nameZh: string; nameEn: string } | null | undefined, locale: Locale) =>
  o ? pick(locale, o.nameZh, o.nameEn) : '';

/** A list of names as the language writes one: 山东、河南 / Shandong, Henan. */
export const joinNames = (names: string[], locale: Locale) => names.join(locale === 'zh-CN' ? '、' : ', ');

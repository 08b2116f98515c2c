import 'server-only';
import { env } from '@/lib/server/env';
import type { Locale } from '@/lib/shared/locale';

export const DEFAULT_SITE_NAME = 'Yoonop Agri-Data';
const DEFAULT_SITE_NAME_ZH = '优农数据';

/** Brand name: SITE_NAME; in Chinese SITE_NAME_ZH, else 优农数据 while the English name is the default. */
export function siteName(locale: Locale): string {
  const { SITE_NAME: name, SITE_NAME_ZH } = env();
  if (locale !== 'zh-CN') return name;
  return SITE_NAME_ZH || (name === DEFAULT_SITE_NAME ? DEFAULT_SITE_NAME_ZH : name);
}

/** The site's address without a trailing slash (SITE_URL), for absolute links, feeds and sitemaps. */
export const siteUrl = () => env().SITE_URL.replace(/\/$/, '');

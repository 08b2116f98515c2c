import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { env } from '@/lib/server/env';
import { LOCALE_COOKIE, type Locale } from './config';
import { dictionaries } from './messages';
import { negotiateLocale } from './negotiate';
import type { ClientMessages, Messages, Namespace } from './types';

/** The request's locale: the `locale` cookie, else `Accept-Language` (once per request). */
export const getLocale = cache(async (): Promise<Locale> => {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return negotiateLocale(c.get(LOCALE_COOKIE)?.value, h.get('accept-language'));
});

export async function getMessages(locale?: Locale): Promise<Messages> {
  return dictionaries[locale ?? (await getLocale())];
}

/** Only the named namespaces, for a client island's I18nProvider. */
export function pickMessages<N extends Namespace>(m: Messages, namespaces: readonly N[]): Pick<Messages, N> & ClientMessages {
  return Object.fromEntries(namespaces.map((n) => [n, m[n]])) as Pick<Messages, N>;
}

export const DEFAULT_SITE_NAME = 'Yoonop Agri-Data';
const DEFAULT_SITE_NAME_ZH = '优农数据';

/** Brand name: SITE_NAME; in Chinese SITE_NAME_ZH, else 优农数据 while the English name is the default. */
export function siteName(locale: Locale): string {
  const name = env().SITE_NAME;
  if (locale !== 'zh-CN') return name;
  return process.env.SITE_NAME_ZH || (name === DEFAULT_SITE_NAME ? DEFAULT_SITE_NAME_ZH : name);
}

export type { Locale, Messages };

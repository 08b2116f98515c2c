import 'server-only';
import { cache } from 'react';
import { locale as localeParam } from 'next/root-params';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@/lib/shared/locale';
import { dictionaries } from './messages';
import type { ClientMessages, Messages, Namespace } from './types';

/**
 * Pages live under app/[locale]/: proxy.ts picks the locale (the `locale`
 * cookie, else Accept-Language) and rewrites the URL to it, so the language is
 * part of a page's path and cache key, and public pages can come from Next's
 * cache instead of reading cookies on every request.
 */
export const getLocale = cache(async (): Promise<Locale> => {
  const l: unknown = await localeParam();
  return isLocale(l) ? l : DEFAULT_LOCALE;
});

export async function getMessages(locale?: Locale): Promise<Messages> {
  return dictionaries[locale ?? (await getLocale())];
}

/** `generateStaticParams` of the [locale] segment. */
export function localeParams(): { locale: Locale }[] {
  return LOCALES.map((l) => ({ locale: l }));
}

/** Only the named namespaces, for a client island's I18nProvider. */
export function pickMessages<N extends Namespace>(
  m: Messages,
  namespaces: readonly N[],
): Pick<Messages, N> & ClientMessages {
  return Object.fromEntries(namespaces.map((n) => [n, m[n]])) as Pick<Messages, N>;
}

export type { Locale, Messages };

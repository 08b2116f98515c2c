import type { Metadata } from 'next';
import { localeUrl } from '@/lib/routing/locale-url';
import type { Locale } from '@/lib/shared/locale';

/**
 * A page's canonical URL in its language and its `hreflang` alternates: each language's URL and,
 * as x-default, the unprefixed URL that picks the visitor's language (docs/screens.md,
 * "Languages in the URL"). `path` is the page's desktop URL: mobile pages point at it too.
 */
export function languageAlternates(locale: Locale, path: string): NonNullable<Metadata['alternates']> {
  return {
    canonical: localeUrl(locale, path),
    languages: { en: localeUrl('en', path), 'zh-CN': localeUrl('zh-CN', path), 'x-default': path },
  };
}

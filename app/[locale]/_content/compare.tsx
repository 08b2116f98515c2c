import type { Metadata } from 'next';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { localeUrl } from '@/lib/routing/locale-url';
import { COMPARE_PATH } from '@/lib/routing/sections';
import { languageAlternates } from '@/lib/seo/alternates';

/** /functionality/compare and its mobile page: a static shell per language, the data asked in the browser. */
export async function compareMetadata(): Promise<Metadata> {
  const locale = await getLocale();
  const m = await getMessages(locale);
  // Mobile pages point search engines at the desktop URL in their language (docs/screens.md).
  return {
    title: m.market.cmpTitle,
    description: m.market.cmpLead,
    alternates: languageAlternates(locale, COMPARE_PATH),
    openGraph: { title: m.market.cmpTitle, description: m.market.cmpLead, url: localeUrl(locale, COMPARE_PATH) },
  };
}

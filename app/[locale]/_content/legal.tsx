import type { Metadata } from 'next';
import { LEGAL_PATHS, LegalPage, type LegalId } from '@/components/content/legal/legal-page';
import { legal } from '@/content/legal';
import { fmt } from '@/lib/i18n/format';
import { getLocale } from '@/lib/i18n/server';
import { siteName } from '@/lib/server/site';
import { pageAlternates } from '@/lib/seo/page-alternates';

/** /terms and /privacy (and their mobile pages): the document in the visitor's language, with the brand of SITE_NAME. */
export async function Legal({ id, mobile }: { id: LegalId; mobile: boolean }) {
  const locale = await getLocale();
  return <LegalPage id={id} mobile={mobile} locale={locale} brand={siteName(locale)} />;
}

export async function legalMetadata(id: LegalId): Promise<Metadata> {
  const locale = await getLocale();
  const doc = legal[locale][id];
  const description = fmt(doc.lead, { brand: siteName(locale) });
  return { title: doc.title, description, alternates: await pageAlternates(LEGAL_PATHS[id]) };
}

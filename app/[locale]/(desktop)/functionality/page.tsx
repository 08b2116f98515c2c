import type { Metadata } from 'next';
import { AntdScope } from '@/components/desktop/antd-scope';
import { FunctionalityPage } from '@/components/desktop/functionality/functionality-page';
import { MarketStart } from '@/components/shared/market/market-start';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';
import { pageAlternates } from '@/lib/seo/page-alternates';

export async function generateMetadata(): Promise<Metadata> {
  const m = await getMessages();
  return {
    title: m.market.title,
    description: m.market.lead,
    alternates: await pageAlternates('/functionality'),
    openGraph: { title: m.market.title, description: m.market.lead, url: '/functionality' },
  };
}

// A static shell per language; the data is fetched in the browser (the login token lives in localStorage, docs/accounts.md).
export default async function Page() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <>
      <MarketStart />
      <AntdScope locale={locale}>
        <I18nProvider messages={pickMessages(m, ['market', 'anomaly', 'alerts', 'errors'])}>
          <FunctionalityPage />
        </I18nProvider>
      </AntdScope>
    </>
  );
}

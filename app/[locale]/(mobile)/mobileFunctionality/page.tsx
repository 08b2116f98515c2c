import type { Metadata } from 'next';
import { MobileFunctionalityPage } from '@/components/mobile/functionality/mobile-functionality-page';
import { MarketStart } from '@/components/shared/market/market-start';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';
import { pageAlternates } from '@/lib/seo/page-alternates';

export async function generateMetadata(): Promise<Metadata> {
  const m = await getMessages();
  // Mobile pages point search engines at the desktop URL (docs/screens.md).
  return { title: m.market.title, description: m.market.lead, alternates: await pageAlternates('/functionality') };
}

// Native controls only (no antd-mobile needed here): phones get their own pickers and the page stays light.
export default async function Page() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <>
      <MarketStart />
      <I18nProvider messages={pickMessages(m, ['market', 'anomaly', 'alerts', 'errors'])}>
        <MobileFunctionalityPage />
      </I18nProvider>
    </>
  );
}

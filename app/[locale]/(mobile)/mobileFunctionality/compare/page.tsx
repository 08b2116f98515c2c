import { MobileComparePage } from '@/components/mobile/functionality/mobile-compare-page';
import { compareMetadata } from '@/app/[locale]/_content/compare';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';

export const generateMetadata = compareMetadata;

// Native controls only (as the market page): no antd-mobile needed, the page stays light.
export default async function Page() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <I18nProvider messages={pickMessages(m, ['market', 'errors'])}>
      <MobileComparePage />
    </I18nProvider>
  );
}

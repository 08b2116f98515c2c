import { AntdScope } from '@/components/desktop/antd-scope';
import { ComparePage } from '@/components/desktop/functionality/compare-page';
import { compareMetadata } from '@/app/[locale]/_content/compare';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';

export const generateMetadata = compareMetadata;

// A static shell per language; the lines are read from the URL and asked in the browser (the login token lives in localStorage).
export default async function Page() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <AntdScope locale={locale}>
      <I18nProvider messages={pickMessages(m, ['market', 'errors'])}>
        <ComparePage />
      </I18nProvider>
    </AntdScope>
  );
}

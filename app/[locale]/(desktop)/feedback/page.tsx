import type { Metadata } from 'next';
import { AntdScope } from '@/components/desktop/antd-scope';
import { FeedbackList } from '@/components/desktop/feedback/feedback-list';
import { sectionMetadata } from '@/components/shared/section-page';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';

// A personal page (the list is the logged-in user's own): not for search engines.
export const generateMetadata = async (): Promise<Metadata> => ({
  ...(await sectionMetadata('feedback')),
  robots: { index: false },
});

export default async function FeedbackPage() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <AntdScope locale={locale}>
      <I18nProvider messages={pickMessages(m, ['feedback'])}>
        <FeedbackList />
      </I18nProvider>
    </AntdScope>
  );
}

import type { Metadata } from 'next';
import { AdmScope } from '@/components/mobile/adm-scope';
import { MobileFeedbackList } from '@/components/mobile/feedback/mobile-feedback-list';
import { sectionMetadata } from '@/components/shared/section-page';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';

// The canonical link points at the desktop URL (docs/screens.md); a personal page, not for search engines.
export const generateMetadata = async (): Promise<Metadata> => ({
  ...(await sectionMetadata('feedback')),
  robots: { index: false },
});

export default async function MobileFeedbackPage() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <AdmScope locale={locale}>
      <I18nProvider messages={pickMessages(m, ['feedback'])}>
        <MobileFeedbackList />
      </I18nProvider>
    </AdmScope>
  );
}

import type { Metadata } from 'next';
import { AdmScope } from '@/components/mobile/adm-scope';
import { MobileFeedbackDetail } from '@/components/mobile/feedback/mobile-feedback-detail';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';
import { pageAlternates } from '@/lib/seo/page-alternates';

type Props = { params: Promise<{ info: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { info } = await params;
  const m = await getMessages();
  return {
    title: m.sections.feedback.title,
    robots: { index: false },
    alternates: await pageAlternates(`/feedback/${info}`),
  };
}

/** /mobileFeedback/{info}/*: the mobile feedback detail; info is the feedback id. */
export default async function MobileFeedbackDetailPage({ params }: Props) {
  const { info } = await params;
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <AdmScope locale={locale}>
      <I18nProvider messages={pickMessages(m, ['feedback'])}>
        <MobileFeedbackDetail feedbackId={info} />
      </I18nProvider>
    </AdmScope>
  );
}

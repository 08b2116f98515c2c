import type { Metadata } from 'next';
import { AntdScope } from '@/components/desktop/antd-scope';
import { FeedbackDetail } from '@/components/desktop/feedback/feedback-detail';
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

/** /feedback/{info}/*: info is the feedback id; trailing segments are ignored (docs/screens.md). */
export default async function FeedbackDetailPage({ params }: Props) {
  const { info } = await params;
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <AntdScope locale={locale}>
      <I18nProvider messages={pickMessages(m, ['feedback'])}>
        <FeedbackDetail feedbackId={info} />
      </I18nProvider>
    </AntdScope>
  );
}

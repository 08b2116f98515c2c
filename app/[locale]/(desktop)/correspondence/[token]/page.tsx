import type { Metadata } from 'next';
import { Correspondence } from '@/components/shared/correspondence/correspondence';
import { I18nProvider } from '@/lib/i18n/client';
import { getMessages, pickMessages } from '@/lib/i18n/server';
import { pageAlternates } from '@/lib/seo/page-alternates';

type Props = { params: Promise<{ token: string }> };

// A one-time link: never indexed, never sent on as a referrer.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  const m = await getMessages();
  return {
    title: m.correspondence.title,
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
    alternates: await pageAlternates(`/correspondence/${encodeURIComponent(token)}`),
  };
}

/**
 * /correspondence/{token} (docs/screens.md). No mobile counterpart is listed, so phones get
 * this page too; it is a small plain page that fits a 375-px screen.
 */
export default async function CorrespondencePage({ params }: Props) {
  const { token } = await params;
  const m = await getMessages();
  return (
    <I18nProvider messages={pickMessages(m, ['correspondence'])}>
      <Correspondence token={token} />
    </I18nProvider>
  );
}

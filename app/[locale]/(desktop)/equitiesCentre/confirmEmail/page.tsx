import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { ConfirmEmail } from '@/components/shared/alerts/unsubscribe';
import { sectionMetadata } from '@/components/shared/section-page';
import { I18nProvider } from '@/lib/i18n/client';
import { getMessages, pickMessages } from '@/lib/i18n/server';

// A signed link's page: never indexed.
export const generateMetadata = async () => ({
  ...(await sectionMetadata('confirmEmail')),
  robots: { index: false, follow: false },
});

// Plain markup on every device (docs/alerts.md); the data is the session user's, asked in the browser.
export default async function Page() {
  const m = await getMessages();
  return (
    <EquitiesPage id="confirmEmail">
      <I18nProvider messages={pickMessages(m, ['alerts', 'anomaly'])}>
        <ConfirmEmail />
      </I18nProvider>
    </EquitiesPage>
  );
}

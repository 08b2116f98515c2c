import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { LoginPrompt } from '@/components/shared/equities/login-prompt';
import { Notifications } from '@/components/shared/alerts/notifications';
import { sectionMetadata } from '@/components/shared/section-page';
import { I18nProvider } from '@/lib/i18n/client';
import { getMessages, pickMessages } from '@/lib/i18n/server';

export const generateMetadata = () => sectionMetadata('notifications');

// Plain markup on every device (docs/alerts.md); the data is the session user's, asked in the browser.
export default async function Page() {
  const m = await getMessages();
  return (
    <EquitiesPage id="notifications">
      <I18nProvider messages={pickMessages(m, ['alerts', 'anomaly'])}>
        <Notifications loginPrompt={<LoginPrompt purpose="alerts" />} />
      </I18nProvider>
    </EquitiesPage>
  );
}

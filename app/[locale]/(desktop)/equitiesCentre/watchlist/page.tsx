import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { LoginPrompt } from '@/components/shared/equities/login-prompt';
import { Watchlist } from '@/components/shared/alerts/watchlist';
import { sectionMetadata } from '@/components/shared/section-page';
import { I18nProvider } from '@/lib/i18n/client';
import { getMessages, pickMessages } from '@/lib/i18n/server';

export const generateMetadata = () => sectionMetadata('watchlist');

// Plain markup on every device (docs/alerts.md); the data is the session user's, asked in the browser.
export default async function Page() {
  const m = await getMessages();
  return (
    <EquitiesPage id="watchlist">
      <I18nProvider messages={pickMessages(m, ['alerts', 'anomaly'])}>
        <Watchlist loginPrompt={<LoginPrompt purpose="alerts" />} />
      </I18nProvider>
    </EquitiesPage>
  );
}

import type { Metadata } from 'next';
import { AdmScope } from '@/components/mobile/adm-scope';
import { MobileLoginScreen } from '@/components/mobile/login/mobile-login-screen';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';
import { pageAlternates } from '@/lib/seo/page-alternates';

export async function generateMetadata(): Promise<Metadata> {
  const m = await getMessages();
  // Mobile pages point search engines at the desktop URL (docs/screens.md).
  return { title: m.login.title, alternates: await pageAlternates('/login'), robots: { index: false } };
}

export default async function MobileLoginPage() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <AdmScope locale={locale}>
      <I18nProvider messages={pickMessages(m, ['login', 'errors'])}>
        <MobileLoginScreen />
      </I18nProvider>
    </AdmScope>
  );
}

import type { Metadata } from 'next';
import { AntdScope } from '@/components/desktop/antd-scope';
import { LoginScreen } from '@/components/desktop/login/login-screen';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';
import { pageAlternates } from '@/lib/seo/page-alternates';

export async function generateMetadata(): Promise<Metadata> {
  const m = await getMessages();
  return { title: m.login.title, alternates: await pageAlternates('/login'), robots: { index: false } };
}

export default async function LoginPage() {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <AntdScope locale={locale}>
      <I18nProvider messages={pickMessages(m, ['login', 'errors'])}>
        <LoginScreen />
      </I18nProvider>
    </AntdScope>
  );
}

import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/shared/providers/app-providers';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';
import { siteName } from '@/lib/server/site';
import { env } from '@/lib/server/env';
import './globals.css';

// The proxy rewrites every page URL to /{locale}/…. No page is prerendered at
// build time (content pages read the database, which `next build` never opens):
// each page and language renders on its first request and is then served from
// Next's cache until its content changes (lib/server/services/content/revalidate.ts).
export const generateStaticParams = async () => [];

export async function generateMetadata(): Promise<Metadata> {
  const locale = await getLocale();
  const m = await getMessages(locale);
  const brand = siteName(locale);
  return {
    metadataBase: new URL(env().SITE_URL),
    title: { default: brand, template: `%s | ${brand}` },
    description: m.meta.description,
    applicationName: brand,
    icons: { icon: '/favicon.svg' },
    openGraph: { siteName: brand, type: 'website', locale: locale === 'zh-CN' ? 'zh_CN' : 'en_US' },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0f7b5f',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const m = await getMessages(locale);
  return (
    <html lang={locale}>
      <body>
        {/* Only what client islands on every page read; pages add their own namespaces. */}
        <I18nProvider locale={locale} messages={pickMessages(m, ['userMenu', 'network'])}>
          <AppProviders>{children}</AppProviders>
        </I18nProvider>
      </body>
    </html>
  );
}

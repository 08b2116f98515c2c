import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import type { ReactNode } from 'react';
import { CONSOLE_FONT } from '@/components/console/font';
import { ConsoleProviders } from '@/components/console/providers';
import { DemoBanner } from '@/components/shared/demo/demo-banner';
import { consoleDictionaries } from '@/lib/i18n/console';
import { dictionaries } from '@/lib/i18n/messages';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { env } from '@/lib/server/env';
import { LOCALE_COOKIE } from '@/lib/shared/locale';

// The operator console (docs/console.md): its own root, so no public page loads its code. Its
// pages are the member's own (a token in the browser), rendered on every request.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Console',
  robots: { index: false, follow: false },
  icons: { icon: '/favicon.svg' },
};

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const locale = negotiateLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get('accept-language'));
  return (
    <html lang={locale}>
      {/* The console's font for all of it, the demo banner above antd's providers included. */}
      <body style={{ margin: 0, fontFamily: CONSOLE_FONT }}>
        {env().DEMO_MODE && <DemoBanner texts={dictionaries[locale].demo} />}
        <ConsoleProviders locale={locale} messages={consoleDictionaries[locale]}>
          {children}
        </ConsoleProviders>
      </body>
    </html>
  );
}

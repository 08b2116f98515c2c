import { cookies, headers } from 'next/headers';
import type { ReactNode } from 'react';
import { DemoBanner } from '@/components/shared/demo/demo-banner';
import { LOCALE_COOKIE } from '@/lib/shared/locale';
import { dictionaries } from '@/lib/i18n/messages';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { env } from '@/lib/server/env';

// The payment gateway pages: no site chrome (they stand for the provider's
// pages), in the visitor's language (the locale cookie, else Accept-Language).
export default async function PayLayout({ children }: { children: ReactNode }) {
  const locale = negotiateLocale((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get('accept-language'));
  return (
    <html lang={locale}>
      <body
        style={{
          margin: 0,
          background: '#f3f6f4',
          fontFamily: 'system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif',
        }}
      >
        {env().DEMO_MODE && <DemoBanner texts={dictionaries[locale].demo} />}
        {children}
      </body>
    </html>
  );
}

import { cookies, headers } from 'next/headers';
import type { ReactNode } from 'react';
import { LOCALE_COOKIE } from '@/lib/i18n/config';
import { negotiateLocale } from '@/lib/i18n/negotiate';

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
        {children}
      </body>
    </html>
  );
}

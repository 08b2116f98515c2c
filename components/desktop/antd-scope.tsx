'use client';

import { AntdRegistry } from '@ant-design/nextjs-registry';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/shared/locale';
import { AntdThemeScope } from './antd-theme-scope';

/**
 * For desktop pages that use antd: styles extracted during SSR (first paint is
 * styled) and the portal's theme and language. Public pages without antd do not
 * load it.
 */
export function AntdScope({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <AntdRegistry>
      <AntdThemeScope locale={locale}>{children}</AntdThemeScope>
    </AntdRegistry>
  );
}

'use client';

import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/shared/locale';
import { antdTheme } from '@/components/shared/antd-theme';

/**
 * antd in the portal's theme and the page's language. AntdScope puts it around a whole page;
 * a dialog that loads on a click on a page in plain markup wraps itself in it (inside an
 * AntdScope it changes nothing).
 */
export function AntdThemeScope({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={antdTheme}>
      {children}
    </ConfigProvider>
  );
}

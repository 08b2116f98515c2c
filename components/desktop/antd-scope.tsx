'use client';

import { AntdRegistry } from '@ant-design/nextjs-registry';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/config';
import { antdTheme } from './antd-theme';

/**
 * For desktop pages that use antd: styles extracted during SSR (first paint is
 * styled) and the portal's theme and language. Public pages without antd do not
 * load it.
 */
export function AntdScope({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <AntdRegistry>
      <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={antdTheme}>
        {children}
      </ConfigProvider>
    </AntdRegistry>
  );
}

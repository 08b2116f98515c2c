'use client';

import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/shared/locale';

/** antd-mobile's built-in texts in the page language (its CSS needs no registry: it is plain CSS). */
export function AdmScope({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS}>{children}</ConfigProvider>;
}

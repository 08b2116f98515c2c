'use client';

import { AntdRegistry } from '@ant-design/nextjs-registry';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { LOGIN_EXPIRED_CODE } from '@/lib/api/envelope';
import { getQueryClient } from '@/lib/api/query-client';
import { onRequestFailure } from '@/lib/api/request-events';
import { removeToken, selectConsoleToken } from '@/lib/api/token';
import type { ConsoleMessages } from '@/lib/i18n/console';
import type { Locale } from '@/lib/shared/locale';
import { antdTheme } from '@/components/shared/antd-theme';
import { CONSOLE_FONT } from './font';
import { ConsoleI18nProvider } from './i18n';
import { loginPathFor } from './login-path';

// Every call made from a console page carries the console's login, never the site's.
selectConsoleToken();

/**
 * What every console page needs: antd (styles rendered on the server too), the console's words,
 * the query cache, and the one place a failed call is shown: a login that ended goes back to the
 * console's sign-in page, any other failure is a message naming what went wrong (a form that
 * shows its own errors asks for none).
 */
export function ConsoleProviders({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: ConsoleMessages;
  children: ReactNode;
}) {
  return (
    <AntdRegistry>
      <ConfigProvider
        locale={locale === 'zh-CN' ? zhCN : enUS}
        theme={{ ...antdTheme, token: { ...antdTheme.token, fontFamily: CONSOLE_FONT } }}
        // antd spaces out two-character Chinese labels ("登 录"), which screen readers then spell out.
        button={{ autoInsertSpace: false }}
      >
        <App>
          <ConsoleI18nProvider locale={locale} messages={messages}>
            <QueryClientProvider client={getQueryClient()}>
              <FailureHandler />
              {children}
            </QueryClientProvider>
          </ConsoleI18nProvider>
        </App>
      </ConfigProvider>
    </AntdRegistry>
  );
}

function FailureHandler() {
  const { message } = App.useApp();
  useEffect(() => {
    const off = onRequestFailure((err, _call, { skipErrorHandler }) => {
      if (err.code === LOGIN_EXPIRED_CODE) {
        removeToken();
        getQueryClient().clear();
        if (!window.location.pathname.startsWith('/console/login'))
          window.location.assign(loginPathFor(window.location.pathname + window.location.search, true));
        return;
      }
      if (!skipErrorHandler) void message.error({ content: err.text, key: err.text });
    });
    return () => {
      off();
    };
  }, [message]);
  return null;
}

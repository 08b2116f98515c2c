'use client';

import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { ConsoleMessages } from '@/lib/i18n/console';
import { fmt, type Template, type Vars } from '@/lib/i18n/format';
import type { Locale } from '@/lib/shared/locale';

type Ctx = { locale: Locale; m: ConsoleMessages };
const ConsoleI18n = createContext<Ctx | null>(null);

/** The console's words in the member's language (lib/i18n/console.ts), given by its root layout. */
export function ConsoleI18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: ConsoleMessages;
  children: ReactNode;
}) {
  return <ConsoleI18n.Provider value={{ locale, m: messages }}>{children}</ConsoleI18n.Provider>;
}

/** `{ m, f, locale }`: the messages, a formatter for templates with values, and the language. */
export function useConsoleT() {
  const ctx = useContext(ConsoleI18n);
  if (!ctx) throw new Error('console i18n: no ConsoleI18nProvider above this component');
  const { locale, m } = ctx;
  const f = useCallback((t: Template, vars: Vars = {}) => fmt(t, vars, locale), [locale]);
  return { m, f, locale };
}

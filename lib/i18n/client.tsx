'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LOCALE, type Locale } from '@/lib/shared/locale';
import type { ClientMessages, Messages, Namespace } from './types';

type Ctx = { locale: Locale; messages: ClientMessages };
const I18nContext = createContext<Ctx>({ locale: DEFAULT_LOCALE, messages: {} });

/**
 * Feeds client islands the strings a server component picked for them. Nested
 * providers add namespaces (a page adds `login`) on top of the layout's.
 */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale?: Locale;
  messages: ClientMessages;
  children: ReactNode;
}) {
  const parent = useContext(I18nContext);
  const value = useMemo<Ctx>(
    () => ({ locale: locale ?? parent.locale, messages: { ...parent.messages, ...messages } }),
    [locale, messages, parent],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The strings of one namespace. A namespace no server component provided is a wiring bug: fail loudly. */
export function useT<N extends Namespace>(ns: N): Messages[N] {
  const m = useContext(I18nContext).messages[ns];
  if (!m) throw new Error(`i18n: namespace "${ns}" was not passed to an I18nProvider above this component`);
  return m as Messages[N];
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

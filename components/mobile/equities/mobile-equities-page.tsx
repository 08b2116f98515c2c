import type { ReactNode } from 'react';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';
import type { Namespace, SectionId } from '@/lib/i18n/types';
import s from './mobile-equities.module.css';

/**
 * The frame of an equities-centre page on a phone: heading from the section texts and the
 * commerce strings for the island, in the mobile site's spacing. Plain markup: no UI kit loads.
 */
export async function MobileEquitiesPage({
  id,
  children,
  namespaces = [],
  title,
  lead,
}: {
  id: SectionId;
  children: ReactNode;
  /** A heading of its own (an order's result is not the purchase records it belongs to); null: no lead. */
  title?: string;
  lead?: string | null;
  /** Further message namespaces its islands read, beside `commerce`. */
  namespaces?: Namespace[];
}) {
  const locale = await getLocale();
  const m = await getMessages(locale);
  const sec = m.sections[id];
  return (
    <I18nProvider messages={pickMessages(m, ['commerce', ...namespaces])}>
      <div className={s.page}>
        <header className={s.head}>
          <h1>{title ?? sec.title}</h1>
          {lead !== null && <p className={s.lead}>{lead ?? sec.body}</p>}
        </header>
        {children}
      </div>
    </I18nProvider>
  );
}

import type { ReactNode } from 'react';
import { AntdScope } from '@/components/desktop/antd-scope';
import { I18nProvider } from '@/lib/i18n/client';
import { getLocale, getMessages, pickMessages } from '@/lib/i18n/server';
import type { SectionId } from '@/lib/i18n/types';
import s from './equities.module.css';

/**
 * The frame of an equities-centre page: heading from the section texts, the commerce strings for
 * the island, and antd for pages whose first screen uses it (`antd={false}`: a page in plain
 * markup, whose dialogs bring their own antd theme when they open).
 */
export async function EquitiesPage({
  id,
  antd = true,
  children,
}: {
  id: SectionId;
  antd?: boolean;
  children: ReactNode;
}) {
  const locale = await getLocale();
  const m = await getMessages(locale);
  const sec = m.sections[id];
  const page = (
    <I18nProvider messages={pickMessages(m, ['commerce'])}>
      <div className={`container ${s.page}`}>
        <header className={s.head}>
          <h1>{sec.title}</h1>
          <p className={s.lead}>{sec.body}</p>
        </header>
        {children}
      </div>
    </I18nProvider>
  );
  return antd ? <AntdScope locale={locale}>{page}</AntdScope> : page;
}

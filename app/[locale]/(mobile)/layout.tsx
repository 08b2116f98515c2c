import type { ReactNode } from 'react';
import { MobileHeader } from '@/components/mobile/mobile-header';
import { TabBar, type Tab } from '@/components/mobile/tab-bar';
import s from '@/components/mobile/mobile-chrome.module.css';
import { MobileFeedbackFab } from '@/components/mobile/feedback/feedback-fab-mobile';
import { ChunkErrorBoundary } from '@/components/shared/chunk-error/chunk-error-boundary';
import { DemoBanner } from '@/components/shared/demo/demo-banner';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { siteName } from '@/lib/server/site';
import { env } from '@/lib/server/env';

export default async function MobileLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const m = await getMessages(locale);
  const t = m.mobile;
  const tabs: Tab[] = [
    { href: '/', label: t.tabHome, icon: 'home' },
    { href: '/mobileFunctionality', label: t.tabData, icon: 'data' },
    { href: '/mobileDocuments', label: t.tabDocs, icon: 'docs' },
    { href: '/mobileRegard/journalism', label: t.tabNews, icon: 'news' },
    { href: '/mobileFeedback', label: t.tabFeedback, icon: 'feedback' },
  ];
  return (
    <>
      <a href="#main" className="skip-link">
        {m.nav.skipToContent}
      </a>
      {env().DEMO_MODE && <DemoBanner texts={m.demo} />}
      {/* The feedback button sits in the header: floating, it would cover buttons of the page. */}
      <MobileHeader
        locale={locale}
        messages={m}
        brand={siteName(locale)}
        action={<MobileFeedbackFab label={m.nav.feedback} />}
      />
      <main id="main" tabIndex={-1} className={s.main} data-chrome="mobile">
        <ChunkErrorBoundary lang={locale}>{children}</ChunkErrorBoundary>
      </main>
      <TabBar tabs={tabs} label={t.tabs} />
    </>
  );
}

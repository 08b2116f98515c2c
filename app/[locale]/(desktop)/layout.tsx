import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/desktop/site-footer';
import { SiteHeader } from '@/components/desktop/site-header';
import { DesktopFeedbackFab } from '@/components/desktop/feedback/feedback-fab-desktop';
import { ChunkErrorBoundary } from '@/components/shared/chunk-error/chunk-error-boundary';
import { DemoBanner } from '@/components/shared/demo/demo-banner';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { siteName } from '@/lib/server/site';
import { env } from '@/lib/server/env';

export default async function DesktopLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const m = await getMessages(locale);
  const brand = siteName(locale);
  return (
    <>
      <a href="#main" className="skip-link">
        {m.nav.skipToContent}
      </a>
      {/* A column at least the window's height: on a short page the footer sits at the bottom, not mid-screen. */}
      <div className="desktop-shell">
        {env().DEMO_MODE && <DemoBanner texts={m.demo} />}
        <SiteHeader locale={locale} messages={m} brand={brand} />
        <main id="main" tabIndex={-1}>
          <ChunkErrorBoundary lang={locale}>{children}</ChunkErrorBoundary>
        </main>
        <SiteFooter messages={m} brand={brand} icp={env().ICP_LICENSE} />
      </div>
      <DesktopFeedbackFab label={m.nav.feedback} />
    </>
  );
}

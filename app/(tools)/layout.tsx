import type { ReactNode } from 'react';
import { DemoBanner } from '@/components/shared/demo/demo-banner';
import { dictionaries } from '@/lib/i18n/messages';
import { env } from '@/lib/server/env';

// Operator and developer pages (SMS outbox, API reference): English only, no site chrome.
export default function ToolsLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif' }}>
        {env().DEMO_MODE && <DemoBanner texts={dictionaries.en.demo} />}
        {children}
      </body>
    </html>
  );
}

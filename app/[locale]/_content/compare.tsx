import type { Metadata } from 'next';
import { getMessages } from '@/lib/i18n/server';
import { COMPARE_PATH } from '@/lib/routing/sections';

/** /functionality/compare and its mobile page: a static shell per language, the data asked in the browser. */
export async function compareMetadata(): Promise<Metadata> {
  const m = await getMessages();
  // Mobile pages point search engines at the desktop URL (docs/screens.md).
  return {
    title: m.market.cmpTitle,
    description: m.market.cmpLead,
    alternates: { canonical: COMPARE_PATH },
    openGraph: { title: m.market.cmpTitle, description: m.market.cmpLead, url: COMPARE_PATH },
  };
}

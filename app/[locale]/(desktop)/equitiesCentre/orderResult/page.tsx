import type { Metadata } from 'next';
import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { OrderResult } from '@/components/shared/equities/order-result';
import { getMessages } from '@/lib/i18n/server';
import { pageAlternates } from '@/lib/seo/page-alternates';

// The gateway's return URL (docs/commerce.md): one order's result, for its buyer only; never indexed.
export async function generateMetadata(): Promise<Metadata> {
  const m = await getMessages();
  return {
    title: m.commerce.resultTitle,
    robots: { index: false, follow: false },
    alternates: await pageAlternates('/equitiesCentre/orderResult'),
  };
}

export default async function Page() {
  const m = await getMessages();
  return (
    <EquitiesPage id="purchaseRecord" title={m.commerce.resultTitle} lead={null}>
      <OrderResult />
    </EquitiesPage>
  );
}

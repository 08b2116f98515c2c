import { MobileEquitiesPage } from '@/components/mobile/equities/mobile-equities-page';
import { OrderResult } from '@/components/shared/equities/order-result';
import { getMessages } from '@/lib/i18n/server';

// What a phone gets for /equitiesCentre/orderResult (the proxy's rewrite): where the phone's pay
// page sends the payer back to (docs/commerce.md), in the mobile chrome.
export { generateMetadata } from '@/app/[locale]/(desktop)/equitiesCentre/orderResult/page';

export default async function Page() {
  const m = await getMessages();
  return (
    <MobileEquitiesPage id="purchaseRecord" title={m.commerce.resultTitle} lead={null}>
      <OrderResult />
    </MobileEquitiesPage>
  );
}

import { MobileEquitiesPage } from '@/components/mobile/equities/mobile-equities-page';
import { MobilePurchaseDataContent } from '@/components/mobile/equities/mobile-purchase-data-content';
import { sectionMetadata } from '@/components/shared/section-page';

// What a phone gets for /equitiesCentre/purchaseDataContent (the proxy's rewrite): plain markup, no UI kit.
export const generateMetadata = () => sectionMetadata('purchaseDataContent');

export default function Page() {
  return (
    <MobileEquitiesPage id="purchaseDataContent" namespaces={['saleRegion']}>
      <MobilePurchaseDataContent />
    </MobileEquitiesPage>
  );
}

import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { PurchaseDataContent } from '@/components/desktop/equities/purchase-data-content';
import { sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('purchaseDataContent');

export default function Page() {
  return (
    <EquitiesPage id="purchaseDataContent">
      <PurchaseDataContent />
    </EquitiesPage>
  );
}

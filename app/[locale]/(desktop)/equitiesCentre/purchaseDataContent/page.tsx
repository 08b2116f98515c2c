import { AntdScope } from '@/components/desktop/antd-scope';
import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { PurchaseDataContent } from '@/components/desktop/equities/purchase-data-content';
import { sectionMetadata } from '@/components/shared/section-page';
import { getLocale } from '@/lib/i18n/server';

export const generateMetadata = () => sectionMetadata('purchaseDataContent');

export default async function Page() {
  return (
    <EquitiesPage id="purchaseDataContent" namespaces={['saleRegion']}>
      <AntdScope locale={await getLocale()}>
        <PurchaseDataContent />
      </AntdScope>
    </EquitiesPage>
  );
}

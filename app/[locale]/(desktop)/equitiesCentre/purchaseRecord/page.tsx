import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { PurchaseRecord } from '@/components/desktop/equities/purchase-record';
import { sectionMetadata } from '@/components/shared/section-page';
import { getLocale } from '@/lib/i18n/server';
import { siteName } from '@/lib/server/site';

export const generateMetadata = () => sectionMetadata('purchaseRecord');

export default async function Page() {
  return (
    <EquitiesPage id="purchaseRecord">
      <PurchaseRecord brand={siteName(await getLocale())} />
    </EquitiesPage>
  );
}

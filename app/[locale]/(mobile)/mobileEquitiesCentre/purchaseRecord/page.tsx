import { MobileEquitiesPage } from '@/components/mobile/equities/mobile-equities-page';
import { PurchaseRecord } from '@/components/shared/equities/purchase-record';
import { sectionMetadata } from '@/components/shared/section-page';
import { getLocale } from '@/lib/i18n/server';
import { siteName } from '@/lib/server/site';

// What a phone gets for /equitiesCentre/purchaseRecord (the proxy's rewrite): the records in plain
// markup, one card per order; paying opens the pay page.
export const generateMetadata = () => sectionMetadata('purchaseRecord');

export default async function Page() {
  return (
    <MobileEquitiesPage id="purchaseRecord">
      <PurchaseRecord brand={siteName(await getLocale())} />
    </MobileEquitiesPage>
  );
}

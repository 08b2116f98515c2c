import { MobileEquitiesPage } from '@/components/mobile/equities/mobile-equities-page';
import { MobileMyData } from '@/components/mobile/equities/mobile-my-data';
import { sectionMetadata } from '@/components/shared/section-page';

// What a phone gets for /equitiesCentre/myData (the proxy's rewrite): plain markup, no UI kit.
export const generateMetadata = () => sectionMetadata('myData');

export default function Page() {
  return (
    <MobileEquitiesPage id="myData">
      <MobileMyData />
    </MobileEquitiesPage>
  );
}

import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { MyData } from '@/components/desktop/equities/my-data';
import { sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('myData');

export default function Page() {
  return (
    <EquitiesPage id="myData">
      <MyData />
    </EquitiesPage>
  );
}

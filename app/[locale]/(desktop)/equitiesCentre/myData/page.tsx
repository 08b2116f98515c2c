import { AntdScope } from '@/components/desktop/antd-scope';
import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { MyData } from '@/components/desktop/equities/my-data';
import { sectionMetadata } from '@/components/shared/section-page';
import { getLocale } from '@/lib/i18n/server';

export const generateMetadata = () => sectionMetadata('myData');

export default async function Page() {
  return (
    <EquitiesPage id="myData">
      <AntdScope locale={await getLocale()}>
        <MyData />
      </AntdScope>
    </EquitiesPage>
  );
}

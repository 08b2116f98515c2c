import { ApiKeys } from '@/components/shared/data-api/api-keys';
import { DataApiGuide } from '@/components/shared/data-api/data-api-guide';
import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { sectionMetadata } from '@/components/shared/section-page';
import { siteUrl } from '@/lib/server/site';

export const generateMetadata = () => sectionMetadata('dataApi');

/** equitiesCentre/dataApi: the member's API keys and how to use the data API (docs/data-api.md). */
export default function Page() {
  return (
    <EquitiesPage id="dataApi" namespaces={['dataApi']}>
      <ApiKeys />
      <DataApiGuide origin={siteUrl()} />
    </EquitiesPage>
  );
}

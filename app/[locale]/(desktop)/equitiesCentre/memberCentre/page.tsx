import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { MemberRecharge } from '@/components/desktop/equities/member-recharge';
import { sectionMetadata } from '@/components/shared/section-page';
import { getDb } from '@/lib/server/db/client';
import { levelsOnSale } from '@/lib/server/services/commerce/member-catalogue';

export const generateMetadata = () => sectionMetadata('memberCentre');

export default async function Page() {
  const levels = await levelsOnSale(await getDb());
  return (
    <EquitiesPage id="memberCentre">
      <MemberRecharge levels={levels} centre />
    </EquitiesPage>
  );
}

import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { MemberRecharge } from '@/components/desktop/equities/member-recharge';
import { sectionMetadata } from '@/components/shared/section-page';
import { getDb } from '@/lib/server/db/client';
import { levelsOnSale } from '@/lib/server/services/commerce/member-catalogue';

// The levels on sale are rendered here; a change to them shows within five minutes (the buy
// dialog always asks the server for the current price).
export const revalidate = 300;

export const generateMetadata = () => sectionMetadata('member');

export default async function Page() {
  const levels = await levelsOnSale(await getDb());
  return (
    <EquitiesPage id="member">
      <MemberRecharge levels={levels} />
    </EquitiesPage>
  );
}

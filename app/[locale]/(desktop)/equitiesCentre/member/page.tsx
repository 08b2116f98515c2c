import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { MemberRecharge } from '@/components/desktop/equities/member-recharge';
import { sectionMetadata } from '@/components/shared/section-page';
import { getDb } from '@/lib/server/db/client';
import { PlanComparisonTable } from '@/components/shared/equities/plan-comparison';
import { planComparison, recommendedCode } from '@/lib/server/services/commerce/plan-comparison';

// The levels on sale are rendered here; a change to them shows within five minutes (the buy
// dialog always asks the server for the current price).
export const revalidate = 300;

export const generateMetadata = () => sectionMetadata('member');

export default async function Page() {
  const plans = await planComparison(await getDb());
  const levels = plans.levels.filter((l) => l.forSale);
  return (
    <EquitiesPage id="member" namespaces={['plans']}>
      <MemberRecharge levels={levels} recommended={recommendedCode(plans.levels)} />
      <PlanComparisonTable plans={plans} />
    </EquitiesPage>
  );
}

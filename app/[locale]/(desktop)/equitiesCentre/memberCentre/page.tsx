import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { MemberRecharge } from '@/components/desktop/equities/member-recharge';
import { sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('memberCentre');

export default function Page() {
  return (
    <EquitiesPage id="memberCentre">
      <MemberRecharge centre />
    </EquitiesPage>
  );
}

import { EquitiesPage } from '@/components/desktop/equities/equities-page';
import { MemberRecharge } from '@/components/desktop/equities/member-recharge';
import { sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('member');

export default function Page() {
  return (
    <EquitiesPage id="member">
      <MemberRecharge />
    </EquitiesPage>
  );
}

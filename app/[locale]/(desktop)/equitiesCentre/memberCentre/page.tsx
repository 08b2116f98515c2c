import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('memberCentre');

export default function Page() {
  return <SectionPage id="memberCentre" />;
}

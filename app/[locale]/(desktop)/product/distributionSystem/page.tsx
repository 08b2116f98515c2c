import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('distributionSystem');

export default function Page() {
  return <SectionPage id="distributionSystem" />;
}

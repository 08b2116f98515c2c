import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('shopExplore');

export default function Page() {
  return <SectionPage id="shopExplore" mobile />;
}

import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('aboutUs');

export default function Page() {
  return <SectionPage id="aboutUs" mobile />;
}

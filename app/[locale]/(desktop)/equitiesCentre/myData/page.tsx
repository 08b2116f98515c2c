import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('myData');

export default function Page() {
  return <SectionPage id="myData" />;
}

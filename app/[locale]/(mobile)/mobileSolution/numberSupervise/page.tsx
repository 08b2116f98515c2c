import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('numberSupervise');

export default function Page() {
  return <SectionPage id="numberSupervise" mobile />;
}

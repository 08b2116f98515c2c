import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('garbage');

export default function Page() {
  return <SectionPage id="garbage" mobile />;
}

import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('farming');

export default function Page() {
  return <SectionPage id="farming" mobile />;
}

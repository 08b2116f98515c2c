import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('functionality');

export default function Page() {
  return <SectionPage id="functionality" />;
}

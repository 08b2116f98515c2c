import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('journalism');

export default function Page() {
  return <SectionPage id="journalism" />;
}

import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('purchaseRecord');

export default function Page() {
  return <SectionPage id="purchaseRecord" />;
}

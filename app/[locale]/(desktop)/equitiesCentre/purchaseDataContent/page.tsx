import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('purchaseDataContent');

export default function Page() {
  return <SectionPage id="purchaseDataContent" />;
}

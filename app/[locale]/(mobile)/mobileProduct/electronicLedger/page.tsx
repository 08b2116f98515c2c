import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('electronicLedger');

export default function Page() {
  return <SectionPage id="electronicLedger" mobile />;
}

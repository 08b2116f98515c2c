import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('documents');

export default function Page() {
  return <SectionPage id="documents" />;
}

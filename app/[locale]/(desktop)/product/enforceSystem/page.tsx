import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('enforceSystem');

export default function Page() {
  return <SectionPage id="enforceSystem" />;
}

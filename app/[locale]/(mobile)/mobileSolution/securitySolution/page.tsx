import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('securitySolution');

export default function Page() {
  return <SectionPage id="securitySolution" mobile />;
}

import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('feedback');

export default function Page() {
  return <SectionPage id="feedback" />;
}

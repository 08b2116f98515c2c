import { SectionPage, sectionMetadata } from '@/components/shared/section-page';

export const generateMetadata = () => sectionMetadata('member');

export default function Page() {
  return <SectionPage id="member" />;
}

import { Solution, solutionMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = () => solutionMetadata('shopExplore');

export default function Page() {
  return <Solution id="shopExplore" mobile={true} />;
}

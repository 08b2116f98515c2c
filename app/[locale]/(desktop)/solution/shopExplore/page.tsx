import { Solution, solutionMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = () => solutionMetadata('shopExplore');

export default function Page() {
  return <Solution id="shopExplore" mobile={false} />;
}

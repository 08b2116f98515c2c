import { Solution, solutionMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = () => solutionMetadata('numberSupervise');

export default function Page() {
  return <Solution id="numberSupervise" mobile={false} />;
}

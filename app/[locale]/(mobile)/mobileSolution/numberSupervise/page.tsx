import { Solution, solutionMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = () => solutionMetadata('numberSupervise');

export default function Page() {
  return <Solution id="numberSupervise" mobile={true} />;
}

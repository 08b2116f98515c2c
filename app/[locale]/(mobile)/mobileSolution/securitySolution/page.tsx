import { Solution, solutionMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = () => solutionMetadata('securitySolution');

export default function Page() {
  return <Solution id="securitySolution" mobile={true} />;
}

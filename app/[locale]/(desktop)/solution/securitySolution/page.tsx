import { Solution, solutionMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = () => solutionMetadata('securitySolution');

export default function Page() {
  return <Solution id="securitySolution" mobile={false} />;
}

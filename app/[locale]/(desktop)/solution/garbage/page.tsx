import { Solution, solutionMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = () => solutionMetadata('garbage');

export default function Page() {
  return <Solution id="garbage" mobile={false} />;
}

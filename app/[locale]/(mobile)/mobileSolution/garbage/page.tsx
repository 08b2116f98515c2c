import { Solution, solutionMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = () => solutionMetadata('garbage');

export default function Page() {
  return <Solution id="garbage" mobile={true} />;
}

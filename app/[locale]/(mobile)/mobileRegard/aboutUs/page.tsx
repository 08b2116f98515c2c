import { About, aboutMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = aboutMetadata;

// The market figures come from the data (marketCoverage).
export const revalidate = 300;

export default function Page() {
  return <About mobile={true} />;
}

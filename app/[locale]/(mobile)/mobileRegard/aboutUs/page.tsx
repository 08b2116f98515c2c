import { About, aboutMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = aboutMetadata;

// The market figures come from the data (marketCoverage).
export const revalidate = 300;

export default function Page() {
  return <About mobile={true} />;
}

import { About, aboutMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = aboutMetadata;

export default function Page() {
  return <About mobile={false} />;
}

import { LegalPage, legalMetadata } from '@/components/content/legal/legal-page';

export const generateMetadata = () => legalMetadata('terms');

export default function Page() {
  return <LegalPage id="terms" mobile={false} />;
}

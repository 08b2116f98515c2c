import { LegalPage, legalMetadata } from '@/components/content/legal/legal-page';

export const generateMetadata = () => legalMetadata('privacy');

export default function Page() {
  return <LegalPage id="privacy" mobile={false} />;
}

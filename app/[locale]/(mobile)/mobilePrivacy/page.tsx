import { LegalPage, legalMetadata } from '@/components/content/legal/legal-page';

// What a phone gets for /privacy (the proxy's rewrite); the canonical link names the desktop URL.
export const generateMetadata = () => legalMetadata('privacy');

export default function Page() {
  return <LegalPage id="privacy" mobile={true} />;
}

import { LegalPage, legalMetadata } from '@/components/content/legal/legal-page';

// What a phone gets for /terms (the proxy's rewrite); the canonical link names the desktop URL.
export const generateMetadata = () => legalMetadata('terms');

export default function Page() {
  return <LegalPage id="terms" mobile={true} />;
}

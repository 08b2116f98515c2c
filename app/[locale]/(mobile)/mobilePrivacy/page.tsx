import { Legal, legalMetadata } from '@/app/[locale]/_content/legal';

// What a phone gets for /privacy (the proxy's rewrite); the canonical link names the desktop URL.
export const generateMetadata = () => legalMetadata('privacy');

export default function Page() {
  return <Legal id="privacy" mobile={true} />;
}

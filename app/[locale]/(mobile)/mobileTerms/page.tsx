import { Legal, legalMetadata } from '@/app/[locale]/_content/legal';

// What a phone gets for /terms (the proxy's rewrite); the canonical link names the desktop URL.
export const generateMetadata = () => legalMetadata('terms');

export default function Page() {
  return <Legal id="terms" mobile={true} />;
}

import { Legal, legalMetadata } from '@/app/[locale]/_content/legal';

export const generateMetadata = () => legalMetadata('privacy');

export default function Page() {
  return <Legal id="privacy" mobile={false} />;
}

import { Legal, legalMetadata } from '@/app/[locale]/_content/legal';

export const generateMetadata = () => legalMetadata('terms');

export default function Page() {
  return <Legal id="terms" mobile={false} />;
}

import { Product, productMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = () => productMetadata('electronicLedger');

export default function Page() {
  return <Product id="electronicLedger" mobile={false} />;
}

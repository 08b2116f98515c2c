import { Product, productMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = () => productMetadata('electronicLedger');

export default function Page() {
  return <Product id="electronicLedger" mobile={true} />;
}

import { Product, productMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = () => productMetadata('distributionSystem');

export default function Page() {
  return <Product id="distributionSystem" mobile={true} />;
}

import { Product, productMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = () => productMetadata('distributionSystem');

export default function Page() {
  return <Product id="distributionSystem" mobile={false} />;
}

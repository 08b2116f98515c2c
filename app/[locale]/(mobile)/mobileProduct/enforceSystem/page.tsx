import { Product, productMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = () => productMetadata('enforceSystem');

export default function Page() {
  return <Product id="enforceSystem" mobile={true} />;
}

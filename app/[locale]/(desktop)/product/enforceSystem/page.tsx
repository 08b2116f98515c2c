import { Product, productMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = () => productMetadata('enforceSystem');

export default function Page() {
  return <Product id="enforceSystem" mobile={false} />;
}

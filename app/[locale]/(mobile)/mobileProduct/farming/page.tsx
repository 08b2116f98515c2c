import { Product, productMetadata } from '@/components/content/marketing/marketing-pages';

export const generateMetadata = () => productMetadata('farming');

export default function Page() {
  return <Product id="farming" mobile={true} />;
}

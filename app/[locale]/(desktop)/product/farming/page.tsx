import { Product, productMetadata } from '@/app/[locale]/_content/marketing';

export const generateMetadata = () => productMetadata('farming');

export default function Page() {
  return <Product id="farming" mobile={false} />;
}

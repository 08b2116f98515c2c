import { CataloguePage } from '@/components/console/commerce-catalogue/catalogue-page';

export default function ConsoleCataloguePage() {
  return <CataloguePage />;
}

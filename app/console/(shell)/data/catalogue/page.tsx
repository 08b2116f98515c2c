import { CataloguePage } from '@/components/console/data/catalogue-page';

export default function ConsoleCataloguePage() {
  return <CataloguePage />;
}

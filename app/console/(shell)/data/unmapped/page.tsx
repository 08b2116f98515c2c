import { UnmappedPage } from '@/components/console/data/unmapped-page';

export default function ConsoleUnmappedPage() {
  return <UnmappedPage />;
}

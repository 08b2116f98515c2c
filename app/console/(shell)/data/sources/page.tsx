import { SourcesPage } from '@/components/console/data/sources-page';

export default function ConsoleSourcesPage() {
  return <SourcesPage />;
}

import { ImportsPage } from '@/components/console/data/imports-page';

export default function ConsoleImportsPage() {
  return <ImportsPage />;
}

import { Dashboard } from '@/components/console/dashboard/dashboard';

export default function ConsoleDashboardPage() {
  return <Dashboard />;
}

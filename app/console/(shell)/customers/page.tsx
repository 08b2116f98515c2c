import { CustomersPage } from '@/components/console/customers/customers-page';

export default function ConsoleCustomersPage() {
  return <CustomersPage />;
}

import { OrdersPage } from '@/components/console/orders/orders-page';

export default function ConsoleOrdersPage() {
  return <OrdersPage />;
}

'use client';

import { PurchaseRecord as Records } from '@/components/shared/equities/purchase-record';
import { renderPay } from './use-purchase';

/** equitiesCentre/purchaseRecord on a desktop: the shared records, paid through the desktop's QR modal. */
export function PurchaseRecord({ brand }: { brand: string }) {
  return <Records brand={brand} renderPay={renderPay} />;
}

'use client';

import { type PurchaseOptions, type RenderPay, usePurchaseFlow } from '@/components/shared/equities/use-purchase-flow';
import type { OrderKind } from '@/lib/api/schemas/commerce';
import { PayModal } from './lazy-modals';

export type { PurchaseBody } from '@/components/shared/equities/use-purchase-flow';

/** The desktop's QR modal for a payment on screen (antd, loaded when it opens). */
export const renderPay: RenderPay = (flow, kind) =>
  flow.paying ? <PayModal pay={flow.paying} kind={kind} onClose={flow.closePay} onPaid={flow.onPaid} /> : null;

/**
 * usePurchaseFlow with the desktop's QR modal: the one way to buy on every desktop page that
 * sells (docs/commerce.md).
 */
export function usePurchase<K extends OrderKind>(kind: K, options: PurchaseOptions = {}) {
  const flow = usePurchaseFlow(kind, options);
  return { ...flow, payModal: renderPay(flow, kind) };
}

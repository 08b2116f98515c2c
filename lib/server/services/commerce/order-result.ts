import 'server-only';

/**
 * Where a payer comes back to after paying on the provider's page, as a real gateway's return URL
 * (docs/commerce.md): the order's result screen, without a language (the gateway adds the page's).
 */
export function orderResultPath(kind: string, orderId: string): string {
  return `/equitiesCentre/orderResult?kind=${encodeURIComponent(kind)}&id=${encodeURIComponent(orderId)}`;
}

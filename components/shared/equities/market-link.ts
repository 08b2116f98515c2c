export const DAY = 86_400_000;
/** The data-product catalogue, where a holding is bought or renewed. */
export const BUY_PAGE = '/equitiesCentre/purchaseDataContent';
/** The trend call's longest window (MAX_WINDOW_YEARS), so a link shows every day a holder may see. */
const HISTORY_YEARS = 20;

/** The market page on one product in one region, over the whole history a holder may see, by month. */
export function marketLink(productCode: string, regionId: string, today: Date): string {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(today);
  from.setUTCFullYear(from.getUTCFullYear() - HISTORY_YEARS);
  from.setUTCDate(from.getUTCDate() + 1);
  const q = new URLSearchParams({
    product: productCode,
    region: regionId,
    range: 'custom',
    from: from.toISOString().slice(0, 10),
    to,
    granularity: 'month',
  });
  return `/functionality?${q.toString()}`;
}

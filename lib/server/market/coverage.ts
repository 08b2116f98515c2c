import 'server-only';
import { ARCHIVE_AFTER_DAYS } from '@/lib/api/schemas/data-product';

/**
 * How recent and how dense a region's or a source's prices are (docs/market-data.md, "Data
 * status"): the About page's claims, the data status page and the data products' regions say it
 * the same way, from the same derived rows (latest_prices: each series' last two prices).
 */

/** A series whose latest price is at most this many days old is current; an older one is an archive. */
export const CURRENT_DAYS = ARCHIVE_AFTER_DAYS;

/** A series counts as daily when its last two prices are at most this many days apart. */
export const DAILY_GAP_DAYS = 7;

export type Frequency = 'daily' | 'monthly';

/**
 * The rhythm of a group of series from the smallest gap between a series' last two prices (null:
 * none has two). Daily sources quote on most market days; WFP's monthly ones once a month.
 */
export function frequencyOf(minGapDays: number | string | null): Frequency {
  return minGapDays !== null && Number(minGapDays) <= DAILY_GAP_DAYS ? 'daily' : 'monthly';
}

/** Whether a last price of `lastDay` (YYYY-MM-DD) is current on `today`. */
export function isCurrent(lastDay: string, today: string): boolean {
  const age = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastDay}T00:00:00Z`)) / 86_400_000;
  return age <= CURRENT_DAYS;
}

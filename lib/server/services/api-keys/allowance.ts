import 'server-only';
import type { Viewer } from '../../access/market-policy';

/** Calls a minute per key (docs/data-api.md, docs/pricing.md). */
export const CALLS_PER_MINUTE = 60;
/** A data product includes this many calls a day for its holder, whatever the membership. */
export const HOLDER_CALLS_PER_DAY = 1_000;
/** Keys one account may hold at once (revoked ones do not count). */
export const MAX_ACTIVE_KEYS = 5;

export type Allowance = { callsPerDay: number; callsPerMinute: number; via: 'level' | 'dataProduct' | null };

/**
 * What the data API allows the viewer (docs/pricing.md): the calls a day of their level's
 * privileges (`apiCallsPerDay`), or a data product's allowance if that is more. None: no API.
 * What each call may read is the same policy as the pages'.
 */
export function allowanceOf(viewer: Viewer, now: Date): Allowance {
  if (viewer.kind !== 'user') return { callsPerDay: 0, callsPerMinute: 0, via: null };
  const byLevel = viewer.member?.privileges.apiCallsPerDay ?? 0;
  const holds = viewer.holdings.some((h) => h.endsAt.getTime() > now.getTime());
  const byProduct = holds ? HOLDER_CALLS_PER_DAY : 0;
  const callsPerDay = Math.max(byLevel, byProduct);
  if (callsPerDay === 0) return { callsPerDay: 0, callsPerMinute: 0, via: null };
  return { callsPerDay, callsPerMinute: CALLS_PER_MINUTE, via: byLevel >= byProduct ? 'level' : 'dataProduct' };
}

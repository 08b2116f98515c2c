import type { SessionStatus } from '@/stores/user-info';

/** Whom the answers were asked as while the session loads with a stored token (its user is not known yet). */
export const TOKEN_HOLDER = '(token holder)';

/**
 * Whom the market calls answer: every call carries the stored token from the start and the server
 * decides by it, so while the session loads the answers are already the token holder's.
 */
export function askedAs(status: SessionStatus, userId: string | null, hasToken: boolean): string | null {
  if (status === 'ready') return userId;
  if (status === 'anonymous') return null;
  return hasToken ? TOKEN_HOLDER : null;
}

/**
 * Whether answers asked as `was` are stale for `now` (entitlements differ per viewer). The token's
 * holder turning out to be a user is no change: what was asked for them stands.
 */
export function answersGoStale(was: string | null | undefined, now: string | null): boolean {
  if (was === undefined || was === now) return false;
  return !(was === TOKEN_HOLDER && now !== null);
}

import { QueryClient, isServer } from '@tanstack/react-query';
import { LOGIN_EXPIRED_CODE } from './envelope';
import { RequestError } from './request-error';

/** Fresh enough for market data and account pages; focus does not refetch. */
export const DEFAULT_STALE_TIME_MS = 30_000;
// Every failed attempt reaches the global handler, so keep retries few.
const MAX_RETRIES = 1;

/** No retry when the answer will not change by asking again: 401 and other 4xx codes. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof RequestError) {
    if (error.code === LOGIN_EXPIRED_CODE) return false;
    if (error.code >= 400 && error.code <= 499) return false;
  }
  return failureCount < MAX_RETRIES;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: DEFAULT_STALE_TIME_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One client per browser tab; a fresh one per server render so users never share a cache. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  return (browserClient ??= makeQueryClient());
}

'use client';

import { useState } from 'react';

/** An answer a panel showed, and when it arrived (ms since the epoch). */
export type Previous<T> = { data: T; at: number } | null;

/**
 * The last answer a query had, kept while it fails for another view (docs/screens.md, "Bad
 * connections"): a panel whose new period cannot load keeps the prices it had on screen, with
 * their time, beside the error and its Retry.
 */
export function useLastGood<T>(data: T | undefined, at: number): Previous<T> {
  const [last, setLast] = useState<Previous<T>>(null);
  const current = last !== null && last.data === data && last.at === at;
  // Remembered while rendering (React's way to keep something of an earlier render), not in an effect.
  if (data !== undefined && !current) setLast({ data, at });
  return data === undefined || current ? last : { data, at };
}

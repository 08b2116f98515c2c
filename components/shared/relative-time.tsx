'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocale } from '@/lib/i18n/client';
import { localDateTime } from '@/lib/shared/dates';
import type { Locale } from '@/lib/shared/locale';
import { relativeTime } from '@/lib/shared/relative-time';

let listeners = new Set<(now: number) => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** The time, moved on by one shared 30-second tick, so "just now" becomes "1 minute ago" without a reload. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const bump = (t: number) => setNow(t);
    listeners.add(bump);
    timer ??= setInterval(() => {
      const t = Date.now();
      listeners.forEach((l) => l(t));
    }, 30_000);
    return () => {
      listeners.delete(bump);
      if (!listeners.size && timer) {
        clearInterval(timer);
        timer = undefined;
        listeners = new Set();
      }
    };
  }, []);
  return now;
}

const noSubscription = () => () => {};

/** False on the server and while the browser hydrates its HTML (so the two match), true after. */
function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A time as docs/screens.md shows it (relative, then the full date from 30 days on), the exact time
 * on hover, in the page's language or `lang`. On a cached page the server writes the fixed date
 * (`fallback`) and the browser turns it into "3 hours ago" once it has loaded.
 */
export function RelativeTime({
  iso,
  lang,
  fallback,
  className,
}: {
  iso: string;
  lang?: Locale;
  fallback?: string;
  className?: string;
}) {
  const tick = useNow();
  const pageLocale = useLocale();
  const mounted = useMounted();
  // Never "in the future": by clock skew between the server and this device, or data newer than the last tick.
  const now = Math.max(tick, Date.parse(iso));
  const text = fallback !== undefined && !mounted ? fallback : relativeTime(iso, { now, lang: lang ?? pageLocale });
  return (
    <time
      dateTime={iso}
      title={fallback ?? localDateTime(new Date(iso))}
      className={className}
      suppressHydrationWarning
    >
      {text || fallback}
    </time>
  );
}

'use client';

import { useEffect, useState } from 'react';
import { useLocale } from '@/lib/i18n/client';
import { localDateTime } from '@/lib/shared/dates';
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

/** A time as docs/screens.md shows it (relative, then the full date from 30 days on); the exact time on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const tick = useNow();
  const locale = useLocale();
  // Never "in the future": by clock skew between the server and this device, or data newer than the last tick.
  const now = Math.max(tick, Date.parse(iso));
  return (
    <time dateTime={iso} title={localDateTime(new Date(iso))} className={className} suppressHydrationWarning>
      {relativeTime(iso, { now, lang: locale })}
    </time>
  );
}

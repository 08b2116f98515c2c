'use client';

import { useEffect } from 'react';
import { whenIdle } from '@/lib/client/when-idle';

/**
 * Registers the offline worker (public/sw.js) once the page is idle: from then on this phone keeps
 * a copy of the market page and of its last answers, shown offline with their time (docs/screens.md,
 * "Bad connections"). A browser without service workers just has no copy.
 */
export function useOfflineWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    return whenIdle(() => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    });
  }, []);
}

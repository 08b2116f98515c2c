'use client';

import { useSyncExternalStore } from 'react';

// Whether the browser says it is online (navigator.onLine and its online/offline events). It can be
// wrong one way only: "online" behind a dead link; calls then time out (lib/api/request.ts).
function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

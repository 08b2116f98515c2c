'use client';

import { useSyncExternalStore } from 'react';

// The functionality page keeps its view in the query string: one source of truth that survives
// a reload and can be shared. Writes replace the history entry (no back-button spam).
const EVENT = 'market:url';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

/** The current query string; '' while the static shell renders on the server (and hydrates). */
export function useSearch(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
}

/** True once running in the browser after hydration. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

export function replaceSearch(search: string) {
  const next = `${window.location.pathname}${search}${window.location.hash}`;
  if (next === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  window.history.replaceState(window.history.state, '', next);
  window.dispatchEvent(new Event(EVENT));
}

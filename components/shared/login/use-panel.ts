'use client';

import { useState, useSyncExternalStore } from 'react';
import { PANEL_IDS, panelFromHash, type Panel } from './use-auth-flows';

const subscribe = (cb: () => void) => {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
};

/** The visible panel: chosen by the user, else the URL hash (/login#registerId opens registration). */
export function usePanel(): [Panel, (p: Panel) => void] {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  const [chosen, setChosen] = useState<Panel | null>(null);
  const panel = chosen ?? panelFromHash(hash) ?? 'login';
  const select = (p: Panel) => {
    setChosen(p);
    window.history.replaceState(window.history.state, '', `#${PANEL_IDS[p]}`);
  };
  return [panel, select];
}

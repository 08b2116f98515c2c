'use client';

import { useSyncExternalStore } from 'react';
import { useLocale } from '@/lib/i18n/client';
import type { Locale } from '@/lib/shared/locale';

/**
 * Which colour a price rise is drawn in. Chinese readers expect red for up (the convention of
 * China's exchanges), English readers green; a reader may pick either, and the choice is kept per
 * browser (localStorage), for the desktop and the mobile pages alike.
 */
export type UpColour = 'red' | 'green';
export const UP_COLOUR_KEY = 'upColour';

export const defaultUpColour = (locale: Locale): UpColour => (locale === 'zh-CN' ? 'red' : 'green');

const listeners = new Set<() => void>();

function stored(): UpColour | null {
  try {
    const v = window.localStorage.getItem(UP_COLOUR_KEY);
    return v === 'red' || v === 'green' ? v : null;
  } catch {
    return null; // storage blocked: the language's default
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab's choice applies here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === UP_COLOUR_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// The choice of this page load, for a browser that refuses storage.
let memory: UpColour | null = null;

export function setUpColour(colour: UpColour) {
  try {
    window.localStorage.setItem(UP_COLOUR_KEY, colour);
  } catch {
    memory = colour; // not kept, but this page still follows it
  }
  for (const l of listeners) l();
}

/** The reader's up colour: their choice, else their language's convention (the server renders the latter). */
export function useUpColour(): UpColour {
  const locale = useLocale();
  const chosen = useSyncExternalStore(
    subscribe,
    () => stored() ?? memory,
    () => null,
  );
  return chosen ?? defaultUpColour(locale);
}

/** The colour class of a change, given the reader's up colour: up and down swap when up is green. */
export function changeTone(dir: 'up' | 'down' | 'flat', up: UpColour): 'red' | 'green' | null {
  if (dir === 'flat') return null;
  return (dir === 'up') === (up === 'red') ? 'red' : 'green';
}

/** The two tones as colours, for charts (tables and badges use the classes of market-ui.module.css). */
export const TONE_COLOURS = { red: '#c0392b', green: '#167a38' } as const;

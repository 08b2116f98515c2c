'use client';

import { useEffect, useRef, useState } from 'react';

/** How long the editor waits after the last change before it saves a draft by itself. */
export const AUTOSAVE_AFTER_MS = 3000;

const clock = (d: Date) =>
  `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`;

/**
 * Drafts save themselves: a few seconds after the last change, through the same draft save as
 * the button (a version each time, version-checked). Not for live articles: a change to a public
 * page is saved on purpose. Leaving with unsaved changes asks first.
 */
export function useAutosave({
  enabled,
  dirty,
  save,
}: {
  enabled: boolean;
  dirty: boolean;
  save: (quiet: boolean) => Promise<unknown>;
}) {
  const [saving, setSaving] = useState(false);
  const [lastAt, setLastAt] = useState<string | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const [tick, setTick] = useState(0);
  // Every change restarts the wait (the form's state changes with each keystroke).
  useEffect(() => {
    if (!enabled || !dirty || saving) return;
    const timer = setTimeout(() => {
      setSaving(true);
      void saveRef
        .current(true)
        .then((r) => {
          if (r) setLastAt(clock(new Date()));
        })
        .finally(() => setSaving(false));
    }, AUTOSAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enabled, dirty, saving, tick]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return { saving, lastAt, touched: () => setTick((n) => n + 1) };
}

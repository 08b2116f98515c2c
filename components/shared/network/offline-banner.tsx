'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '@/lib/i18n/client';
import { OFFLINE_BAR_SLOT } from './offline-slot';
import { useOnline } from './online';
import s from './offline-banner.module.css';

// How long "Back online" stays before the banner goes.
const BACK_ONLINE_MS = 4000;

/**
 * Every page says when the browser goes offline, and when it is back (docs/screens.md, "Bad
 * connections"); a live region, so a screen reader hears it too. Nothing is rendered while online.
 * On a desktop page it is a line of the sticky header, so it covers nothing (floating over the
 * page it hid the anomaly legend and the footer's attribution at 1440 px); on a phone it floats
 * above the tab bar.
 */
const noSubscription = () => () => {};

export function OfflineBanner() {
  const t = useT('network');
  const online = useOnline();
  // When the connection came back: "Back online" shows for a moment, then the banner goes.
  const [backAt, setBackAt] = useState<number | null>(null);
  // The header's slot: part of the server's markup, so there from hydration on (none on the server).
  const slot = useSyncExternalStore(
    noSubscription,
    () => document.getElementById(OFFLINE_BAR_SLOT),
    () => null,
  );
  useEffect(() => {
    const back = () => setBackAt(Date.now());
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  useEffect(() => {
    if (backAt === null) return;
    const done = setTimeout(() => setBackAt(null), BACK_ONLINE_MS);
    return () => clearTimeout(done);
  }, [backAt]);
  const text = !online ? t.offline : backAt !== null ? t.backOnline : null;
  const banner = text && (
    <p
      className={`${slot ? s.bar : s.banner} ${online ? s.back : ''}`}
      data-testid="offline-banner"
      data-online={online}
    >
      {text}
    </p>
  );
  return (
    <div role="status" aria-live="polite" className={slot ? undefined : s.live}>
      {/* The header's line is not inside the live region: the region says the same words, unseen. */}
      {slot ? text && <span className="visually-hidden">{text}</span> : banner}
      {slot && banner && createPortal(<div aria-hidden="true">{banner}</div>, slot)}
    </div>
  );
}

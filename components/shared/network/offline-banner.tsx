'use client';

import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n/client';
import { useOnline } from './online';
import s from './offline-banner.module.css';

// How long "Back online" stays before the banner goes.
const BACK_ONLINE_MS = 4000;

/**
 * Every page says when the browser goes offline, and when it is back (docs/screens.md, "Bad
 * connections"); a live region, so a screen reader hears it too. Nothing is rendered while online.
 */
export function OfflineBanner() {
  const t = useT('network');
  const online = useOnline();
  // When the connection came back: "Back online" shows for a moment, then the banner goes.
  const [backAt, setBackAt] = useState<number | null>(null);
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
  return (
    <div role="status" aria-live="polite" className={s.live}>
      {text && (
        <p className={online ? `${s.banner} ${s.back}` : s.banner} data-testid="offline-banner" data-online={online}>
          {text}
        </p>
      )}
    </div>
  );
}

'use client';

import { useEffect } from 'react';
import { TOKEN_KEY } from '@/lib/api/token';
import { bootstrapSession } from '@/lib/session/bootstrap';

/** Loads the session once per page load (spec §4), and again when another tab logs in or out. */
export function SessionBootstrap() {
  useEffect(() => {
    void bootstrapSession();
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_KEY || e.key === null) void bootstrapSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}

'use client';

import { useEffect } from 'react';
import { TOKEN_KEY, getToken } from '@/lib/api/token';
import { useUserInfo } from '@/stores/user-info';

/**
 * Without a token the visitor is anonymous and nothing needs loading (docs/screens.md);
 * with one, the session calls load — and the API client with them, so pages
 * that anonymous visitors land on do not carry it.
 */
function startSession() {
  if (!getToken()) {
    useUserInfo.getState().clearUserInfo();
    return;
  }
  void import('@/stores/session').then((m) => m.bootstrapSession());
}

/** Loads the session once per page load (docs/screens.md), and again when another tab logs in or out. */
export function SessionBootstrap() {
  useEffect(() => {
    startSession();
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_KEY || e.key === null) startSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}

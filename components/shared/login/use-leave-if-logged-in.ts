'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { getToken, takeLoginUrl } from '@/lib/api/token';
import { useUserInfo } from '@/stores/user-info';

/** The page the visitor came from, when it is a page of this site other than a login screen. */
export function cameFrom(referrer: string, origin: string): string | null {
  try {
    const u = new URL(referrer);
    if (u.origin !== origin || /^\/(mobile)?login(\/|$)/i.test(u.pathname)) return null;
    return u.pathname + u.search;
  } catch {
    return null;
  }
}

/**
 * A user who opens a login screen already logged in has nothing to do there: go back to where
 * they came from (the stored return path, else the page that linked here, else home). A login
 * made on this screen leaves by its own way (afterLogin), so only a session that was there
 * when the screen opened counts.
 */
export function useLeaveIfLoggedIn() {
  const router = useRouter();
  const user = useUserInfo((st) => st.user);
  // Read on the client's first render (the server has no token to read).
  const [arrivedWithToken] = useState(() => typeof window !== 'undefined' && getToken() !== '');
  useEffect(() => {
    if (!user || !arrivedWithToken) return;
    router.replace(takeLoginUrl(cameFrom(document.referrer, window.location.origin) ?? '/'));
  }, [user, arrivedWithToken, router]);
}

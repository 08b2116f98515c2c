'use client';

import { useCallback, useEffect, useState } from 'react';

export const RESEND_SECONDS = 60;

/**
 * The "Send code" button's state: after a successful send it counts down
 * (from a deadline, so a throttled background tab still ends on time); a
 * failed send leaves it ready and rethrows for the caller to show.
 */
export function useSendCode(send: (phone: string) => Promise<unknown>, seconds = RESEND_SECONDS) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);
  const [sending, setSending] = useState(false);
  const left = until > now ? Math.ceil((until - now) / 1000) : 0;

  useEffect(() => {
    if (!until) return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) {
        clearInterval(id);
        setUntil(0);
      }
    }, 250);
    return () => clearInterval(id);
  }, [until]);

  const trigger = useCallback(
    async (phone: string) => {
      if (sending || left > 0) return;
      setSending(true);
      try {
        await send(phone);
        const t = Date.now();
        setNow(t);
        setUntil(t + seconds * 1000);
      } finally {
        setSending(false);
      }
    },
    [send, seconds, sending, left],
  );

  return { left, sending, trigger };
}

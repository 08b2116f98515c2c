'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { useUserInfo } from '@/stores/user-info';
import { BellIcon } from './bell-icon';

const EVERY_MS = 60_000;

/**
 * The notification bell in the header (docs/alerts.md, "Notification centre"): the unread count of
 * a logged-in user, asked when the session is ready and every minute after, and a link to the list.
 * The API client is loaded only then, so public pages' first load carries none of it.
 */
export function Bell({ className, badgeClassName }: { className?: string; badgeClassName?: string }) {
  const t = useT('userMenu');
  const locale = useLocale();
  const status = useUserInfo((st) => st.status);
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (status !== 'ready') return;
    let live = true;
    const ask = async () => {
      const { request } = await import('@/lib/api/request');
      const r = await request('QueryUnreadNotifications', { skipErrorHandler: true }).catch(() => null);
      if (live && r) setUnread(r.unread);
    };
    void ask();
    const timer = setInterval(() => void ask(), EVERY_MS);
    const onRead = (e: Event) => setUnread((e as CustomEvent<number>).detail);
    window.addEventListener('notifications-read', onRead);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('notifications-read', onRead);
    };
  }, [status]);
  if (status !== 'ready') return null;
  const label = unread ? fmt(t.notificationsUnread, { count: unread }, locale) : t.notifications;
  return (
    <Link
      prefetch={false}
      href="/equitiesCentre/notifications"
      className={className}
      aria-label={label}
      title={label}
      data-testid="bell"
    >
      <BellIcon size={20} />
      {unread > 0 && (
        <span className={badgeClassName} data-testid="bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

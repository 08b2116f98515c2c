'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { notificationText, viewOf, type NotificationView } from '@/lib/i18n/alert-text';
import { useUserInfo } from '@/stores/user-info';
import { RelativeTime } from '../relative-time';
import s from './alerts.module.css';

const SIZE = 20;

/** equitiesCentre/notifications: the notification centre's list, unread first marked, with mark read (docs/alerts.md). */
export function Notifications({ loginPrompt }: { loginPrompt: React.ReactNode }) {
  const t = useT('alerts');
  const ta = useT('anomaly');
  const lang = useLocale();
  const status = useUserInfo((st) => st.status);
  const [size, setSize] = useState(SIZE);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const q = useApiQuery('QueryNotifications', { body: { size, unreadOnly, lang } }, { enabled: status === 'ready' });
  const qc = useQueryClient();
  const mark = useApiMutation('MarkNotificationsRead', {
    onSuccess: (r) => {
      window.dispatchEvent(new CustomEvent('notifications-read', { detail: r.unread }));
      void qc.invalidateQueries({ queryKey: ['QueryNotifications'] });
    },
  });
  if (status === 'idle' || status === 'loading' || (status === 'ready' && q.isLoading))
    return <div aria-busy="true" data-testid="skeleton" style={{ minHeight: 200 }} />;
  if (status === 'anonymous') return <>{loginPrompt}</>;
  if (q.error || !q.data)
    return (
      <div className={s.empty} role="alert">
        {t.loadFailed}{' '}
        <button type="button" className={s.button} onClick={() => void q.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  const d = q.data;
  return (
    <>
      <div className={s.bar}>
        <span data-testid="unread-count">{fmt(t.unread, { count: d.unread }, lang)}</span>
        <label>
          <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />{' '}
          {t.onlyUnread}
        </label>
        {d.unread > 0 && (
          <button
            type="button"
            className={s.button}
            onClick={() => mark.mutate({ body: { all: true } })}
            data-testid="mark-all"
          >
            {t.markAllRead}
          </button>
        )}
        <Link prefetch={false} href="/equitiesCentre/watchlist" className={s.link}>
          {t.watchlist}
        </Link>
      </div>
      {d.items.length === 0 ? (
        <p className={s.empty}>{t.noNotifications}</p>
      ) : (
        <ul className={s.list} data-testid="notifications">
          {d.items.map((n) => (
            <li key={n.id} className={n.read ? undefined : s.unread} data-testid="notification" data-read={n.read}>
              {n.feedback ? (
                <>
                  {fmt(t.feedbackReplied, { title: n.feedback.title }, lang)}{' '}
                  <Link prefetch={false} href={`/feedback/${n.feedback.id}`} className={s.link}>
                    {t.openFeedback}
                  </Link>
                </>
              ) : (
                notificationText(t, ta, viewOf({ ...n, kind: n.kind as NotificationView['kind'] }), lang)
              )}
              <span className={s.sub}>
                <RelativeTime iso={n.createdAt} />
                {!n.read && (
                  <>
                    {' · '}
                    <button type="button" className={s.link} onClick={() => mark.mutate({ body: { ids: [n.id] } })}>
                      {t.markRead}
                    </button>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {d.total > d.items.length && (
        <p style={{ textAlign: 'center' }}>
          <button type="button" className={s.button} onClick={() => setSize((x) => x + SIZE)}>
            {t.more}
          </button>
        </p>
      )}
    </>
  );
}

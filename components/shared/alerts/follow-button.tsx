'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { getToken, setLoginUrl } from '@/lib/api/token';
import { loginPathForDevice } from '@/lib/device/device';
import { useLocale, useT } from '@/lib/i18n/client';
import { useUserInfo } from '@/stores/user-info';
import s from './alerts.module.css';

/**
 * Follow a series from a chart or a list row (docs/alerts.md, "Watchlist"): a visitor is sent to
 * log in and comes back; a refusal (the level's limit) is said in place. A series already in the
 * watchlist (the watchlist query, shared with the watchlist page) shows "Following" from the start.
 */
export function FollowButton({
  productCode,
  regionId,
  priceType,
  label,
}: {
  productCode: string;
  regionId: string;
  priceType: 'wholesale' | 'retail';
  /** What is followed, for screen readers ("Follow Pork, Shandong"). */
  label: string;
}) {
  const t = useT('alerts');
  const lang = useLocale();
  const status = useUserInfo((st) => st.status);
  const qc = useQueryClient();
  const watchlist = useApiQuery(
    'QueryWatchlist',
    { query: { lang }, skipErrorHandler: true },
    { enabled: status === 'ready' },
  );
  const held = watchlist.data?.items.some(
    (i) => i.product.code === productCode && i.region.id === regionId && i.priceType === priceType,
  );
  const follow = useApiMutation('FollowSeries', {
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['QueryWatchlist'] }),
  });
  const [done, setDone] = useState(false);
  const click = () => {
    // The token, not the session's start-up (still loading its five calls), says whether the
    // viewer is logged in: a click before it ends must not send a logged-in user to log in.
    if (!getToken()) {
      setLoginUrl(window.location.pathname + window.location.search);
      window.location.assign(loginPathForDevice());
      return;
    }
    // A refusal (the level's limit) is said beside the button, not a second time in the error dialog.
    follow.mutate(
      { body: { productCode, regionId, priceType }, skipErrorHandler: true },
      { onSuccess: () => setDone(true) },
    );
  };
  if (done || held)
    return (
      <Link
        prefetch={false}
        href="/equitiesCentre/watchlist"
        className={s.link}
        data-testid="following"
        title={t.followed}
      >
        ★ {t.following}
      </Link>
    );
  return (
    <>
      <button
        type="button"
        className={s.link}
        onClick={click}
        disabled={follow.isPending}
        aria-label={`${t.follow}: ${label}`}
        title={status === 'anonymous' ? t.followLogin : t.followHint}
        data-testid="follow"
      >
        ☆ {t.follow}
      </button>
      {follow.error && (
        <span className={s.error} role="alert" data-testid="follow-error">
          {' '}
          {follow.error.text}
        </span>
      )}
    </>
  );
}

'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useApiMutation } from '@/lib/api/hooks';
import { setLoginUrl } from '@/lib/api/token';
import { loginPathForDevice } from '@/lib/device/device';
import { useT } from '@/lib/i18n/client';
import { useUserInfo } from '@/stores/user-info';
import s from './alerts.module.css';

/**
 * Follow a series from a chart or a list row (docs/alerts.md, "Watchlist"): a visitor is sent to
 * log in and comes back; a refusal (the level's limit) is said in place.
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
  const status = useUserInfo((st) => st.status);
  const follow = useApiMutation('FollowSeries');
  const [done, setDone] = useState(false);
  const click = () => {
    if (status !== 'ready') {
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
  if (done)
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
        title={status === 'ready' ? t.followHint : t.followLogin}
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

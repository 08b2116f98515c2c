'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { accountLinks } from '@/components/shared/account-links';
import { useT } from '@/lib/i18n/client';
import { useUserInfo } from '@/stores/user-info';
import s from './mobile-chrome.module.css';

function closeDrawer(toggleId: string) {
  const t = document.getElementById(toggleId);
  if (t instanceof HTMLInputElement) t.checked = false;
}

/** The drawer's account block: a login button for visitors, the account links and log-out otherwise. */
export function MobileAccount({ toggleId }: { toggleId: string }) {
  const t = useT('userMenu');
  const user = useUserInfo((st) => st.user);
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);

  if (!user) {
    return (
      <div className={s.account}>
        <Link prefetch={false} href="/mobileLogin" className={s.accountLogin} onClick={() => closeDrawer(toggleId)}>
          {t.login}
        </Link>
      </div>
    );
  }
  const onLogout = async () => {
    setLeaving(true);
    // The API client loads only when it is needed.
    await (await import('@/stores/session')).logout();
    setLeaving(false);
    closeDrawer(toggleId);
    router.push('/');
  };
  return (
    <div className={s.account}>
      <p className={s.accountName}>{user.nickname || user.phone}</p>
      <ul className={s.accountLinks}>
        {accountLinks(t).map((l) => (
          <li key={l.href}>
            <Link prefetch={false} href={l.href} onClick={() => closeDrawer(toggleId)}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className={s.logout} onClick={onLogout} disabled={leaving}>
        {t.logout}
      </button>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/lib/i18n/client';
import { useUserInfo } from '@/stores/user-info';
import { accountLinks } from '@/components/shared/account-links';
import s from './user-menu.module.css';

/** Header account island: "Log in" for visitors; the nickname and an account menu once the session is loaded. */
export function UserMenu() {
  const t = useT('userMenu');
  const user = useUserInfo((st) => st.user);
  const status = useUserInfo((st) => st.status);
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) {
    // While start-up is still looking, a placeholder keeps the header from flashing "Log in".
    if (status === 'loading') return <span className={s.placeholder} aria-hidden="true" />;
    return (
      <Link prefetch={false} href="/login" className={s.login}>
        {t.login}
      </Link>
    );
  }

  const name = user.nickname || user.phone;
  const onLogout = async () => {
    setLeaving(true);
    setOpen(false);
    // The API client loads only when it is needed.
    await (await import('@/stores/session')).logout();
    setLeaving(false);
    router.push('/');
  };

  return (
    <div className={s.root} ref={root}>
      <button
        type="button"
        className={s.trigger}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={s.avatar} aria-hidden="true" data-verbatim="">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="visually-hidden">{t.account}: </span>
        {/* The user's own name, as they wrote it. */}
        <span className={s.name} data-verbatim="" title={name}>
          {name}
        </span>
        <span className={s.caret} aria-hidden="true" />
      </button>
      <ul id={menuId} className={s.menu} hidden={!open}>
        <li className={s.who} data-verbatim="">
          {name}
        </li>
        {accountLinks(t).map((l) => (
          <li key={l.href}>
            <Link prefetch={false} href={l.href} onClick={() => setOpen(false)}>
              {l.label}
            </Link>
          </li>
        ))}
        <li className={s.sep}>
          <button type="button" onClick={onLogout} disabled={leaving}>
            {t.logout}
          </button>
        </li>
      </ul>
    </div>
  );
}

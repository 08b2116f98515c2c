'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/client';
import { RequestError } from '@/lib/api/request-error';
import { setLoginUrl } from '@/lib/api/token';
import type { HandoffLicense, HandoffSwitch } from '@/lib/api/schemas/platform';
import { useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { isSafeReturnPath } from '@/lib/routing/return-path';
import { afterLogin } from '@/stores/session';
import s from './correspondence.module.css';

// A token is exchanged once per page load (and once more if the person agrees to switch
// accounts), even when React runs effects twice.
const exchanges = new Map<string, Promise<HandoffLicense>>();
const exchange = (token: string, switchAccount: boolean) => {
  const key = `${switchAccount ? 'switch:' : ''}${token}`;
  let p = exchanges.get(key);
  if (!p) {
    const query = switchAccount ? { token, switchAccount: '1' as const } : { token };
    p = api.PlatformTokenLicense({ query, skipErrorHandler: true });
    exchanges.set(key, p);
  }
  return p;
};

/** Why the link failed: one of the plain explanations, or another failure's message (in the page's language). */
type Failure =
  | { kind: 'used' | 'expired' | 'invalid' | 'staff' | 'unlinked' }
  | { kind: 'other'; text: string }
  | { kind: 'switch'; current: string; next: string };

function classify(e: unknown): Failure {
  if (!(e instanceof RequestError)) return { kind: 'other', text: String(e) };
  const reason = (e.data as { reason?: string } | undefined)?.reason;
  if (reason === 'switch') {
    const { current, next } = e.data as HandoffSwitch;
    return { kind: 'switch', current, next };
  }
  if (reason === 'used') return { kind: 'used' };
  if (reason === 'expired' || reason === 'lifetime') return { kind: 'expired' };
  if (reason === 'staff' || reason === 'unlinked') return { kind: reason };
  if (e.code === 400) return { kind: 'invalid' };
  return { kind: 'other', text: e.text };
}

/**
 * /correspondence/{token}: another platform hands a user over. The token becomes a
 * portal session (PlatformTokenLicense), which is stored like a login's; then the
 * page goes to the token's return path (replacing itself, so Back does not reuse the link).
 */
export function Correspondence({ token }: { token: string }) {
  const t = useT('correspondence');
  const [failure, setFailure] = useState<Failure | null>(null);
  // Set once the person agrees that the link's account replaces the one logged in here.
  const [switchAccount, setSwitchAccount] = useState(false);

  useEffect(() => {
    let live = true;
    exchange(token, switchAccount).then(
      (lic) => {
        if (!live) return;
        setLoginUrl(isSafeReturnPath(lic.returnPath) ? lic.returnPath : '/');
        void afterLogin(lic.token, { navigate: (path) => window.location.replace(path) });
      },
      (e: unknown) => {
        if (live) setFailure(classify(e));
      },
    );
    return () => {
      live = false;
    };
  }, [token, switchAccount]);

  // The tab says what happened, not "Signing you in", once the link has failed. The page's title
  // may arrive after the failure (Next streams a dynamic page's metadata): it is replaced then too.
  useEffect(() => {
    if (!failure) return;
    const now = failure.kind === 'switch' ? t.switchTitle : t.failedTitle;
    const retitle = () => {
      if (document.title.includes(t.title)) document.title = document.title.replace(t.title, now);
    };
    retitle();
    const titles = new MutationObserver(retitle);
    titles.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    return () => titles.disconnect();
  }, [failure, t]);

  if (!failure) {
    return (
      <div className={s.box} role="status" aria-live="polite">
        <span className={s.spinner} aria-hidden="true" />
        <p>{t.working}</p>
      </div>
    );
  }
  if (failure.kind === 'switch') {
    return (
      <div className={s.box} role="alertdialog" aria-labelledby="switch-title" aria-describedby="switch-text">
        <h1 id="switch-title">{t.switchTitle}</h1>
        <p id="switch-text">{fmt(t.switchText, { current: failure.current, next: failure.next })}</p>
        <p className={s.actions}>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setFailure(null);
              setSwitchAccount(true);
            }}
          >
            {fmt(t.switchTo, { next: failure.next })}
          </button>
          <Link href="/" className={`btn ${s.ghost}`}>
            {fmt(t.stay, { current: failure.current })}
          </Link>
        </p>
      </div>
    );
  }
  const text = failure.kind === 'other' ? fmt(t.failed, { msg: failure.text }) : t[failure.kind];
  return (
    <div className={s.box} role="alert">
      <h1>{t.failedTitle}</h1>
      <p>{text}</p>
      <p className={s.actions}>
        <Link href="/login" className="btn btn-primary">
          {t.loginInstead}
        </Link>
        <Link href="/" className={`btn ${s.ghost}`}>
          {t.home}
        </Link>
      </p>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/client';
import { RequestError } from '@/lib/api/request-error';
import { setLoginUrl } from '@/lib/api/token';
import type { HandoffLicense } from '@/lib/api/schemas/platform';
import { useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { isSafeReturnPath } from '@/lib/routing/return-path';
import { afterLogin } from '@/stores/session';
import s from './correspondence.module.css';

// A token is exchanged once per page load, even when React runs effects twice.
const exchanges = new Map<string, Promise<HandoffLicense>>();
const exchange = (token: string) => {
  let p = exchanges.get(token);
  if (!p) {
    p = api.PlatformTokenLicense({ query: { token }, skipErrorHandler: true });
    exchanges.set(token, p);
  }
  return p;
};

/** Why the link failed: one of the plain explanations, or another failure's message (in the page's language). */
type Failure = { kind: 'used' | 'expired' | 'invalid' | 'staff' | 'unlinked' } | { kind: 'other'; text: string };

function classify(e: unknown): Failure {
  if (!(e instanceof RequestError)) return { kind: 'other', text: String(e) };
  const reason = (e.data as { reason?: string } | undefined)?.reason;
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

  useEffect(() => {
    let live = true;
    exchange(token).then(
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
  }, [token]);

  // The tab says what happened, not "Signing you in", once the link has failed. The page's title
  // may arrive after the failure (Next streams a dynamic page's metadata): it is replaced then too.
  useEffect(() => {
    if (!failure) return;
    const retitle = () => {
      if (document.title.includes(t.title)) document.title = document.title.replace(t.title, t.failedTitle);
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

'use client';

import { setLoginUrl } from '@/lib/api/token';
import { loginPathForDevice } from '@/lib/device/device';
import { useT } from '@/lib/i18n/client';
import s from './account.module.css';

/** What logging in shows on a page that sells nothing; without one, the buying pages' copy. */
export type LoginPurpose = 'myData' | 'account' | 'orders' | 'alerts';

/**
 * Anonymous visitors: log in, then come back here (sessionStorage loginUrl, docs/screens.md).
 * Plain markup: it is all a phone or a first visit of an account page shows, and needs no antd.
 */
export function LoginPrompt({ purpose }: { purpose?: LoginPurpose } = {}) {
  const t = useT('commerce');
  const go = () => {
    setLoginUrl(window.location.pathname + window.location.search);
    window.location.assign(loginPathForDevice());
  };
  return (
    <section className={s.prompt} aria-labelledby="login-prompt-title">
      <h2 id="login-prompt-title">{t.loginTitle}</h2>
      <p>{purpose ? t.loginBodyFor[purpose] : t.loginBody}</p>
      <button type="button" className="btn btn-primary" onClick={go}>
        {t.loginButton}
      </button>
    </section>
  );
}

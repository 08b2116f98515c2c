'use client';

import { useEffect } from 'react';
import { useApiMutation } from '@/lib/api/hooks';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import s from './alerts.module.css';

const tokenOf = () =>
  typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('t') ?? '');

/**
 * The unsubscribe link of an alert message (no login, docs/alerts.md): says what it stops and stops
 * it when asked — one alert's messages on the channel, or every alert's. Opening the link alone
 * changes nothing (mail scanners open links).
 */
export function Unsubscribe() {
  const t = useT('alerts');
  const lang = useLocale();
  const describe = useApiMutation('AlertUnsubscribe');
  const apply = useApiMutation('AlertUnsubscribe');
  useEffect(() => {
    // A link without its token asks with none, and is answered that it is not valid.
    describe.mutate({ body: { token: tokenOf(), apply: false, lang }, skipErrorHandler: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const token = describe.variables?.body?.token ?? '';
  const info = apply.data ?? describe.data;
  if (describe.error)
    return (
      <p className={s.empty} role="alert">
        {t.unsubInvalid}
      </p>
    );
  if (!info) return <div aria-busy="true" style={{ minHeight: 120 }} />;
  const channel = t.channel[info.channel];
  if (apply.data)
    return (
      <p className={s.empty} role="status" data-testid="unsubscribed">
        {fmt(t.unsubDone, { channel, scope: apply.data.all ? t.unsubScopeAll : t.unsubScopeRule })}
      </p>
    );
  return (
    <div className={s.form} style={{ maxWidth: 560 }}>
      {info.series && !info.all && (
        <button
          type="button"
          className={s.primary}
          onClick={() => apply.mutate({ body: { token, apply: true, lang } })}
          data-testid="unsubscribe-rule"
        >
          {fmt(t.unsubRule, { channel, series: info.series })}
        </button>
      )}
      <button
        type="button"
        className={info.series && !info.all ? s.button : s.primary}
        onClick={() => apply.mutate({ body: { token, apply: true, all: true, lang } })}
        data-testid="unsubscribe-all"
      >
        {fmt(t.unsubAll, { channel })}
      </button>
    </div>
  );
}

/** The confirmation link of a new alert e-mail address (no login). */
export function ConfirmEmail() {
  const t = useT('alerts');
  const confirm = useApiMutation('ConfirmAlertEmail');
  useEffect(() => {
    confirm.mutate({ body: { token: tokenOf() }, skipErrorHandler: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (confirm.error)
    return (
      <p className={s.empty} role="alert">
        {t.confirmInvalid}
      </p>
    );
  if (!confirm.data) return <div aria-busy="true" style={{ minHeight: 120 }} />;
  return (
    <p className={s.empty} role="status" data-testid="email-confirmed">
      {fmt(t.confirmDone, { email: confirm.data.email })}
    </p>
  );
}

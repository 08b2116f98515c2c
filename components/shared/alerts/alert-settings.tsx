'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/lib/api/hooks';
import type { AlertSettingsDTO } from '@/lib/api/schemas/alert-calls';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import s from './alerts.module.css';

const hhmm = (m: number | null) =>
  m === null ? '' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutes = (v: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** How the user is told (docs/alerts.md, "Settings"): language, time zone, quiet hours, digest, e-mail, webhook. */
export function AlertSettingsPanel() {
  const lang = useLocale();
  const q = useApiQuery('QueryAlertSettings', { query: { lang } });
  return q.data ? <SettingsForm saved={q.data} lang={lang} /> : null;
}

/**
 * The form starts from what is saved and, after a save, from what the server answered. The answer
 * goes into the query cache instead of a refetch: a refetch that remounted the form closed the
 * panel and dropped "Settings saved" before it could be read.
 */
function SettingsForm({ saved: initial, lang }: { saved: AlertSettingsDTO; lang: ReturnType<typeof useLocale> }) {
  const t = useT('alerts');
  const q = { data: initial };
  const qc = useQueryClient();
  const save = useApiMutation('SaveAlertSettings', {
    onSuccess: (data) => {
      setForm(data);
      setSaved(true);
      // Other languages' copies are stale now; this one is the answer.
      void qc.invalidateQueries({ queryKey: ['QueryAlertSettings'], refetchType: 'none' });
      qc.setQueryData(apiQueryKey('QueryAlertSettings', { query: { lang } }), data);
    },
  });
  const [form, setForm] = useState<AlertSettingsDTO>(initial);
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<AlertSettingsDTO>) => {
    setSaved(false);
    setForm({ ...form, ...patch });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate({
      body: {
        lang: form.lang,
        timeZone: form.timeZone,
        quietFrom: form.quietFrom,
        quietTo: form.quietTo,
        digest: form.digest,
        digestAt: form.digestAt,
        email: form.email ?? '',
        webhookUrl: form.webhookUrl ?? '',
      },
      // The refusal is said under the form (below), not a second time in the error dialog.
      skipErrorHandler: true,
    });
  };
  return (
    <details className={s.settings} data-testid="alert-settings">
      <summary>{t.settings}</summary>
      <form className={s.form} onSubmit={submit} style={{ marginTop: 12 }}>
        <label className={s.field}>
          {t.email}
          <input
            className={s.control}
            type="email"
            value={form.email ?? ''}
            onChange={(e) => set({ email: e.target.value })}
            data-testid="settings-email"
          />
          {q.data?.email && (
            <span className={s.hint}>
              {q.data.emailConfirmed ? `✓ ${t.emailConfirmed}` : fmt(t.emailPending, { email: q.data.email })}
            </span>
          )}
        </label>
        <div className={s.row}>
          <label className={s.field}>
            {t.language}
            <select
              className={s.control}
              value={form.lang}
              onChange={(e) => set({ lang: e.target.value as 'en' | 'zh-CN' })}
            >
              <option value="zh-CN">中文</option>
              <option value="en">English</option>
            </select>
          </label>
          <label className={s.field}>
            {t.timeZone}
            <input className={s.control} value={form.timeZone} onChange={(e) => set({ timeZone: e.target.value })} />
          </label>
        </div>
        <fieldset className={s.field} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t.quiet}</legend>
          <div className={s.row}>
            <label>
              {t.quietFrom}
              <input
                className={s.control}
                type="time"
                value={hhmm(form.quietFrom)}
                onChange={(e) => set({ quietFrom: minutes(e.target.value) })}
              />
            </label>
            <label>
              {t.quietTo}
              <input
                className={s.control}
                type="time"
                value={hhmm(form.quietTo)}
                onChange={(e) => set({ quietTo: minutes(e.target.value) })}
              />
            </label>
          </div>
        </fieldset>
        <div className={s.row}>
          <label>
            <input type="checkbox" checked={form.digest} onChange={(e) => set({ digest: e.target.checked })} />{' '}
            {t.digest}
          </label>
          <label>
            {t.digestAt}
            <input
              className={s.control}
              type="time"
              value={hhmm(form.digestAt)}
              onChange={(e) => set({ digestAt: minutes(e.target.value) ?? form.digestAt })}
            />
          </label>
        </div>
        <label className={s.field}>
          {t.webhookUrl}
          <input
            className={s.control}
            type="url"
            value={form.webhookUrl ?? ''}
            onChange={(e) => set({ webhookUrl: e.target.value })}
          />
          <span className={s.hint}>{t.webhookHelp}</span>
          {q.data?.webhookSecret && (
            <span className={s.hint}>
              {t.webhookSecret}: <code className={s.secret}>{q.data.webhookSecret}</code>{' '}
              <button
                type="button"
                className={s.link}
                onClick={() => save.mutate({ body: { rotateWebhookSecret: true }, skipErrorHandler: true })}
              >
                {t.rotateSecret}
              </button>
            </span>
          )}
        </label>
        {save.error && (
          <p className={s.error} role="alert">
            {save.error.text}
          </p>
        )}
        <div className={s.row}>
          <button type="submit" className={s.primary} disabled={save.isPending} data-testid="settings-save">
            {t.saveSettings}
          </button>
          {saved && <span role="status">{t.settingsSaved}</span>}
        </div>
      </form>
    </details>
  );
}

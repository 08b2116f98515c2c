'use client';

import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useRef, useState } from 'react';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/lib/api/hooks';
import type { ApiKeyDTO, ApiKeysDTO, CreatedApiKeyDTO } from '@/lib/api/schemas/api-keys';
import { setLoginUrl } from '@/lib/api/token';
import { loginPathForDevice } from '@/lib/device/device';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { formatDate } from '@/lib/shared/dates';
import { useUserInfo } from '@/stores/user-info';
import { NewKeyDialog } from './new-key-dialog';
import s from './data-api.module.css';

/**
 * The owner's data API keys (docs/data-api.md): what the account allows, the keys with their use,
 * a form to make one and a revoke per key. Plain markup, so one island serves desktop and phone.
 */
export function ApiKeys() {
  const t = useT('dataApi');
  const locale = useLocale();
  const status = useUserInfo((st) => st.status);
  const keys = useApiQuery('QueryUserApiKeys', {}, { enabled: status === 'ready', staleTime: 0 });
  const [made, setMade] = useState<CreatedApiKeyDTO | null>(null);
  if (status === 'anonymous') return <LoginFirst />;
  if (keys.isError)
    return (
      <div role="alert" className={s.notice}>
        <span>{t.loadFailed}</span>
        <button type="button" className={`btn ${s.small}`} onClick={() => void keys.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  if (!keys.data)
    return (
      <p className={s.muted} aria-busy="true">
        {t.loading}
      </p>
    );
  const { allowance } = keys.data;
  if (allowance.callsPerDay === 0 && keys.data.keys.length === 0) return <NoAccess />;
  // Chinese sentences follow each other without a space.
  const gap = locale === 'zh-CN' ? '' : ' ';
  return (
    <section className={s.keys} data-testid="api-keys" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{t.keysTitle}</h2>
      {allowance.callsPerDay === 0 ? (
        <NoAccess />
      ) : (
        <>
          <p className={s.allowance}>
            {fmt(t.allowance, {
              perDay: allowance.callsPerDay.toLocaleString(),
              perMinute: allowance.callsPerMinute,
            })}
            {gap}
            {allowance.via === 'dataProduct' ? t.viaDataProduct : t.viaLevel}
            {gap}
            <strong>
              {fmt(t.usedToday, {
                used: keys.data.callsToday.toLocaleString(),
                perDay: allowance.callsPerDay.toLocaleString(),
              })}
            </strong>
          </p>
          <CreateForm onMade={setMade} />
        </>
      )}
      <KeyTable data={keys.data} />
      {made && <NewKeyDialog made={made} onClose={() => setMade(null)} />}
    </section>
  );
}

function LoginFirst() {
  const t = useT('dataApi');
  const go = () => {
    setLoginUrl(window.location.pathname + window.location.search);
    window.location.assign(loginPathForDevice());
  };
  return (
    <section className={s.notice}>
      <p>{t.loginBody}</p>
      <button type="button" className="btn btn-primary" onClick={go}>
        {t.loginButton}
      </button>
    </section>
  );
}

function NoAccess() {
  const t = useT('dataApi');
  return (
    <section className={s.notice} data-testid="api-no-access">
      <h3>{t.noAccessTitle}</h3>
      <p>{t.noAccessBody}</p>
      <p className={s.actions}>
        <Link className="btn btn-primary" href="/equitiesCentre/member">
          {t.upgrade}
        </Link>
        <Link className={`btn ${s.secondary}`} href="/equitiesCentre/purchaseDataContent">
          {t.buyData}
        </Link>
      </p>
    </section>
  );
}

function CreateForm({ onMade }: { onMade: (k: CreatedApiKeyDTO) => void }) {
  const t = useT('dataApi');
  const id = useId();
  const [name, setName] = useState('');
  const qc = useQueryClient();
  const create = useApiMutation('CreateUserApiKey', {
    onSuccess: (made) => {
      setName('');
      onMade(made);
      void qc.invalidateQueries({ queryKey: apiQueryKey('QueryUserApiKeys') });
    },
  });
  return (
    <form
      className={s.create}
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) create.mutate({ body: { name: name.trim() } });
      }}
    >
      <label htmlFor={id}>{t.keyName}</label>
      <input
        id={id}
        value={name}
        maxLength={60}
        required
        placeholder={t.keyNameHint}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        {create.isPending ? t.creating : t.create}
      </button>
    </form>
  );
}

function KeyTable({ data }: { data: ApiKeysDTO }) {
  const t = useT('dataApi');
  if (data.keys.length === 0) return <p className={s.muted}>{t.empty}</p>;
  return (
    <div className={`${s.tableWrap} ${s.cardsOnPhone}`}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">{t.colName}</th>
            <th scope="col">{t.colKey}</th>
            <th scope="col">{t.colCreated}</th>
            <th scope="col">{t.colLastUsed}</th>
            <th scope="col" className={s.num}>
              {t.colToday}
            </th>
            <th scope="col">{t.colWeek}</th>
            <th scope="col">
              <span className="visually-hidden">{t.colActions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.keys.map((k) => (
            <KeyRow key={k.id} k={k} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyRow({ k }: { k: ApiKeyDTO }) {
  const t = useT('dataApi');
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const qc = useQueryClient();
  const revoke = useApiMutation('RevokeUserApiKey', {
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiQueryKey('QueryUserApiKeys') }),
  });
  const max = Math.max(1, ...k.last7Days.map((d) => d.calls));
  return (
    <tr className={k.revokedAt ? s.revoked : undefined} data-testid={`api-key-${k.prefix}`}>
      <th scope="row" data-verbatim="">
        {k.name}
      </th>
      <td data-label={t.colKey}>
        <code>{k.prefix}…</code>
      </td>
      <td data-label={t.colCreated}>{formatDate(k.createdAt, locale, false)}</td>
      <td data-label={t.colLastUsed}>{k.lastUsedAt ? formatDate(k.lastUsedAt, locale) : t.never}</td>
      <td data-label={t.colToday} className={s.num}>
        {k.callsToday.toLocaleString()}
      </td>
      <td data-label={t.colWeek}>
        <span className={s.bars} role="img" aria-label={k.last7Days.map((d) => fmt(t.weekLabel, d)).join(', ')}>
          {k.last7Days.map((d) => (
            <span key={d.day} style={{ height: `${Math.max(2, (d.calls / max) * 20)}px` }} />
          ))}
        </span>
      </td>
      <td className={s.rowActions}>
        {k.revokedAt ? (
          <span className={s.muted}>{fmt(t.revoked, { date: formatDate(k.revokedAt, locale, false) })}</span>
        ) : confirming ? (
          <span className={s.confirm} role="group" aria-label={fmt(t.revokeConfirm, { name: k.name })}>
            <span>{fmt(t.revokeConfirm, { name: k.name })}</span>
            <button
              type="button"
              className={`btn ${s.small} ${s.danger}`}
              disabled={revoke.isPending}
              onClick={() => revoke.mutate({ body: { id: k.id } })}
            >
              {t.revokeYes}
            </button>
            <button
              type="button"
              className={`btn ${s.small} ${s.secondary}`}
              onClick={() => {
                setConfirming(false);
                revokeButton.current?.focus();
              }}
            >
              {t.cancel}
            </button>
          </span>
        ) : (
          <button
            ref={revokeButton}
            type="button"
            className={`btn ${s.small} ${s.secondary}`}
            onClick={() => setConfirming(true)}
          >
            {t.revoke}
          </button>
        )}
      </td>
    </tr>
  );
}

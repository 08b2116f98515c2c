'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import type { WatchItemDTO } from '@/lib/api/schemas/alert-calls';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { money, seriesName } from '@/lib/i18n/alert-text';
import { levelRank } from '@/lib/shared/anomaly';
import { useUserInfo } from '@/stores/user-info';
import { AnomalyBadge, AnomalyLegend } from '../market/ui/anomaly-badge';
import { LockGlyph } from '../market/ui/lock-glyph';
import { AlertSettingsPanel } from './alert-settings';
import { BellIcon } from './bell-icon';
import { RuleEditor } from './rule-editor';
import { Sparkline } from './sparkline';
import s from './alerts.module.css';

type Sort = 'added' | 'name' | 'month' | 'year' | 'anomaly';

const pctText = (lang: string, v: number | null) =>
  v === null
    ? '–'
    : `${new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(v)} %`;

function Pct({ v, lang }: { v: number | null; lang: string }) {
  // Rises red in Chinese, green in English (docs/screens.md, "Rises and falls"); the sign says it too.
  const upRed = lang === 'zh-CN';
  const cls = v === null || v === 0 ? undefined : v > 0 === upRed ? s.up : s.down;
  return <span className={cls}>{pctText(lang, v)}</span>;
}

const UNLOCK_PAGE = '/equitiesCentre/member';

/**
 * equitiesCentre/watchlist ("My watchlist", docs/alerts.md): the followed series with sparkline,
 * latest, 1-month and 1-year change, anomaly level and "as of" date; sortable and filterable; a
 * locked series shows its lock and the way to unlock it. Plain markup on every device.
 */
export function Watchlist({ loginPrompt }: { loginPrompt: React.ReactNode }) {
  const t = useT('alerts');
  const lang = useLocale();
  const status = useUserInfo((st) => st.status);
  const logged = status === 'ready';
  const q = useApiQuery('QueryWatchlist', { query: { lang } }, { enabled: logged });
  const qc = useQueryClient();
  const unfollow = useApiMutation('UnfollowSeries', {
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['QueryWatchlist'] }),
  });
  const [sort, setSort] = useState<Sort>('added');
  const [filter, setFilter] = useState('');
  const [flagged, setFlagged] = useState(false);
  const [editing, setEditing] = useState<WatchItemDTO | null>(null);

  const items = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const list = (q.data?.items ?? []).filter(
      (i) =>
        (!f || `${i.product.name} ${i.region.name} ${i.product.code}`.toLowerCase().includes(f)) &&
        (!flagged || (i.anomaly?.level && levelRank(i.anomaly.level) >= levelRank('alert'))),
    );
    const num = (v: number | null) => (v === null ? -Infinity : v);
    const by: Record<Sort, (a: WatchItemDTO, b: WatchItemDTO) => number> = {
      added: (a, b) => b.createdAt.localeCompare(a.createdAt),
      name: (a, b) =>
        seriesName(t, { product: a.product.name, region: a.region.name, priceType: a.priceType }).localeCompare(
          seriesName(t, { product: b.product.name, region: b.region.name, priceType: b.priceType }),
          lang,
        ),
      month: (a, b) => num(b.change1m) - num(a.change1m),
      year: (a, b) => num(b.change1y) - num(a.change1y),
      anomaly: (a, b) => num(b.anomaly?.score ?? null) - num(a.anomaly?.score ?? null),
    };
    return [...list].sort(by[sort]);
  }, [q.data, filter, flagged, sort, t, lang]);

  if (status === 'idle' || status === 'loading')
    return <div aria-busy="true" data-testid="skeleton" style={{ minHeight: 200 }} />;
  if (status === 'anonymous') return <>{loginPrompt}</>;
  if (q.isLoading) return <div aria-busy="true" data-testid="skeleton" style={{ minHeight: 200 }} />;
  if (q.error || !q.data)
    return (
      <div className={s.empty} role="alert">
        {t.loadFailed}{' '}
        <button type="button" className={s.button} onClick={() => void q.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  const d = q.data;
  return (
    <>
      <p className={s.usage} data-testid="watchlist-usage">
        {fmt(t.usage, {
          series: d.usage.series,
          maxSeries: d.limits.series,
          rules: d.usage.rules,
          maxRules: d.limits.rules,
          level: d.level === 'free' ? t.levelFree : d.level,
        })}
      </p>
      {d.items.length === 0 ? (
        <div className={s.empty} data-testid="watchlist-empty">
          <p>{t.emptyWatchlist}</p>
          <Link
            prefetch={false}
            className={s.primary}
            href="/functionality"
            style={{ display: 'inline-flex', alignItems: 'center' }}
          >
            {t.toMarket}
          </Link>
        </div>
      ) : (
        <>
          <div className={s.bar}>
            <label className="visually-hidden" htmlFor="watch-filter">
              {t.filter}
            </label>
            <input
              id="watch-filter"
              className={s.control}
              type="search"
              placeholder={t.filterPlaceholder}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            <label>
              {t.sortBy}{' '}
              <select
                className={s.control}
                value={sort}
                onChange={(e) => setSort(e.target.value as Sort)}
                data-testid="watch-sort"
              >
                <option value="added">{t.sortAdded}</option>
                <option value="name">{t.sortName}</option>
                <option value="month">{t.sortMonth}</option>
                <option value="year">{t.sortYear}</option>
                <option value="anomaly">{t.sortAnomaly}</option>
              </select>
            </label>
            <label>
              <input type="checkbox" checked={flagged} onChange={(e) => setFlagged(e.target.checked)} /> {t.onlyFlagged}
            </label>
          </div>
          <table className={s.table} data-testid="watchlist">
            <thead>
              <tr>
                <th>{t.colSeries}</th>
                <th>{t.colTrend}</th>
                <th className={s.num}>{t.colLatest}</th>
                <th className={s.num}>{t.colMonth}</th>
                <th className={s.num}>{t.colYear}</th>
                <th>{t.colAnomaly}</th>
                <th>{t.colAsOf}</th>
                <th>{t.colAlerts}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => {
                const name = seriesName(t, { product: i.product.name, region: i.region.name, priceType: i.priceType });
                return (
                  <tr key={i.id} data-testid="watch-row">
                    <td>
                      <strong>{i.product.name}</strong>
                      <span className={s.sub}>
                        {i.region.name} · {t[i.priceType]}
                      </span>
                    </td>
                    <td>
                      {i.lock ? (
                        <span>
                          <span className={s.lock} title={t.lockedHint} data-testid="watch-lock">
                            <LockGlyph size={12} /> {t.locked}
                            <span className="visually-hidden">: {t.lockedHint}</span>
                          </span>{' '}
                          <Link
                            prefetch={false}
                            href={UNLOCK_PAGE}
                            className={s.link}
                            aria-label={`${t.unlock}: ${name}`}
                          >
                            {t.unlock}
                          </Link>
                        </span>
                      ) : (
                        <Sparkline points={i.sparkline} label={`${t.colTrend}: ${name}`} />
                      )}
                    </td>
                    <td className={s.num} data-label={t.colLatest}>
                      {i.latest ? `${money(lang, i.latest.price, i.currency)} ${i.currency}` : '–'}
                    </td>
                    <td className={s.num} data-label={t.colMonth}>
                      <Pct v={i.change1m} lang={lang} />
                    </td>
                    <td className={s.num} data-label={t.colYear}>
                      <Pct v={i.change1y} lang={lang} />
                    </td>
                    <td>
                      <AnomalyBadge a={i.anomaly} lang={lang} currency={i.currency} />
                    </td>
                    <td data-label={t.colAsOf}>{i.latest?.date ?? '–'}</td>
                    <td>
                      <button type="button" className={s.button} onClick={() => setEditing(i)} data-testid="edit-rules">
                        <BellIcon size={15} /> {i.rules ? fmt(t.rulesCount, { count: i.rules }, lang) : t.addRule}
                      </button>{' '}
                      <button
                        type="button"
                        className={s.link}
                        onClick={() => unfollow.mutate({ body: { id: i.id } })}
                        aria-label={`${t.unfollow}: ${name}`}
                      >
                        {t.unfollow}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <AnomalyLegend />
        </>
      )}
      {editing && <RuleEditor item={editing} channels={d.limits.channels} onClose={() => setEditing(null)} />}
      <AlertSettingsPanel />
    </>
  );
}

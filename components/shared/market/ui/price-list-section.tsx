'use client';

import { memo, useMemo, useState } from 'react';
import type { WebPriceDTO } from '@/lib/api/schemas/market';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { productMatches, sourceText, unitOf } from './labels';
import { Change, StaleMark } from './marks';
import {
  Button,
  DemoTag,
  FailedView,
  FxRate,
  LockPanel,
  OfflineCopyNote,
  regionName,
  SkeletonLines,
  StateBox,
  ui,
  UsdNote,
} from './parts';
import { lockOf } from '../unlock';
import type { SectionProps } from './section-props';
import { StaleSplit } from './stale-split';
import { AnomalyBadge, AnomalyLegend } from './anomaly-badge';
import { FollowButton } from '../../alerts/follow-button';
import { useT } from '@/lib/i18n/client';
import { levelRank } from '@/lib/shared/anomaly';

type ListItem = Omit<WebPriceDTO['items'][number], 'product' | 'market'> & {
  product: WebPriceDTO['products'][number];
  market: WebPriceDTO['markets'][number];
};

const PAGE = 30;

/**
 * The latest prices of the chosen product in the markets of the chosen region (WebPrice),
 * searchable; a lock where the region's latest prices are withheld (docs/access-policy.md).
 */
export const PriceListBody = memo(function PriceListBody({ m, t, compact }: SectionProps) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [shown, setShown] = useState(PAGE);
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const ta = useT('anomaly');
  const failed = m.webPrice.error;
  // A failed refresh keeps the list that was loaded, under the failure (docs/screens.md, "Bad connections").
  const data: WebPriceDTO | undefined = m.webPrice.data ?? m.webPriceBefore?.data;
  const lookups = useMemo(
    () => ({
      products: new Map((data?.products ?? []).map((p) => [p.code, p])),
      markets: new Map((data?.markets ?? []).map((x) => [x.id, x])),
    }),
    [data],
  );
  const categories = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of data?.products ?? []) seen.set(p.categoryCode, p.categoryName);
    return [...seen];
  }, [data]);
  const items = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (data?.items ?? []).flatMap((i) => {
      const product = lookups.products.get(i.product);
      const market = lookups.markets.get(i.market);
      if (!product || !market) return [];
      if (category && product.categoryCode !== category) return [];
      if (flaggedOnly && !(i.anomaly?.level && levelRank(i.anomaly.level) >= levelRank('alert'))) return [];
      if (q && !productMatches(product, q) && !`${market.name} ${market.provinceName}`.toLowerCase().includes(q))
        return [];
      return [{ ...i, product, market } satisfies ListItem];
    });
  }, [data, lookups, query, category, flaggedOnly]);
  if (m.webPrice.isLoading && !data) return <SkeletonLines lines={6} label={t.loading} />;
  // The region's latest prices are withheld from this viewer: the same lock as above, no rows.
  const lock = lockOf(m.webPrice.error);
  if (lock) return <LockPanel lock={lock} t={t} compact={compact} />;
  const retry = () => void m.webPrice.refetch();
  if (failed && !data) return <FailedView error={failed} t={t} onRetry={retry} />;
  if (!data) return null;
  // Only the sources of the rows shown are credited.
  const used = new Set(data.items.map((i) => i.source));
  const wfp = data.sources.find((x, i) => !x.demo && used.has(i));
  return (
    <>
      {failed && <FailedView error={failed} t={t} onRetry={retry} previous={m.webPriceBefore} />}
      <OfflineCopyNote data={data} t={t} />
      <p className={ui.sub} data-testid="list-scope">
        {fmt(t.listScope, {
          product: m.product?.name ?? '',
          // A nation reads as its country ("China"), not as the nation's row of the tree.
          region: m.filters.region === m.nation && m.country ? m.country.name : regionName(m, t, m.filters.region),
        })}
      </p>
      <div className={ui.panelActions} style={{ marginBottom: 10 }}>
        <label className="visually-hidden" htmlFor="price-search">
          {t.listSearch}
        </label>
        <input
          id="price-search"
          className={ui.button}
          style={{ cursor: 'text', width: compact ? undefined : 'min(100%, 340px)', flex: compact ? 1 : undefined }}
          type="search"
          placeholder={t.listSearch}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setShown(PAGE);
          }}
        />
        {categories.length > 1 && (
          <label className="visually-hidden" htmlFor="price-category">
            {t.listAll}
          </label>
        )}
        {categories.length > 1 && (
          <select
            id="price-category"
            className={ui.button}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setShown(PAGE);
            }}
          >
            <option value="">{t.listAll}</option>
            {categories.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
        <label className={ui.check}>
          <input
            type="checkbox"
            checked={flaggedOnly}
            data-testid="only-flagged"
            onChange={(e) => {
              setFlaggedOnly(e.target.checked);
              setShown(PAGE);
            }}
          />{' '}
          {ta.onlyFlagged}
        </label>
      </div>
      {items.length === 0 && data.items.length > 0 ? (
        // The list has prices; the search or the filters left none of them.
        <StateBox
          title={query.trim() ? fmt(t.listNoMatch, { query: query.trim() }) : t.listNoMatchFilters}
          action={query.trim() ? <Button onClick={() => setQuery('')}>{t.listClearSearch}</Button> : undefined}
        />
      ) : items.length === 0 ? (
        <StateBox title={t.empty} />
      ) : (
        <div className={ui.tableScroll} tabIndex={0}>
          <table className={ui.table} data-testid="price-list">
            <thead>
              <tr>
                <th>{t.colProduct}</th>
                {!compact && <th>{t.colMarket}</th>}
                <th className={ui.num}>{t.colPrice}</th>
                {!compact && <th className={ui.num}>{t.colChange}</th>}
                {!compact && <th>{ta.column}</th>}
                <th>{t.colDate}</th>
                {!compact && <th>{t.colSource}</th>}
              </tr>
            </thead>
            <StaleSplit
              rows={items.slice(0, shown)}
              today={m.today}
              dateOf={(i) => i.date}
              t={t}
              columns={compact ? 3 : 7}
              row={(i: ListItem, stale) => (
                <tr key={`${i.product.code}|${i.market.id}|${i.priceType}`}>
                  <td className={ui.wrap}>
                    {i.product.name} {i.product.demo && <DemoTag t={t} />}{' '}
                    <FollowButton
                      productCode={i.product.code}
                      regionId={i.market.id}
                      priceType={i.priceType}
                      label={`${i.product.name}, ${i.market.name}`}
                    />
                    {i.product.sourceName && (
                      <span className={ui.sub} lang="en">
                        {i.product.sourceName}
                      </span>
                    )}
                    {compact && (
                      <span className={ui.sub}>
                        {i.market.name} · {i.market.provinceName}
                      </span>
                    )}
                  </td>
                  {/* The province under the market's name: eight columns cut the date off at 1024 px. */}
                  {!compact && (
                    <td className={ui.wrap}>
                      {i.market.name}
                      <span className={ui.sub}>{i.market.provinceName}</span>
                    </td>
                  )}
                  <td className={ui.num}>
                    {F.price(m.lang, i.price, i.currency)}{' '}
                    <small>{unitOf(t, i.product.unit, i.currency, m.lang)}</small>
                    {compact && (
                      <span className={ui.sub}>
                        <Change lang={m.lang} pct={i.changePct} />
                      </span>
                    )}
                    {compact && (
                      <span className={ui.sub}>
                        <AnomalyBadge a={i.anomaly} lang={m.lang} currency={data.fx.length ? null : i.currency} />
                      </span>
                    )}
                  </td>
                  {!compact && (
                    <td className={ui.num}>
                      <Change lang={m.lang} pct={i.changePct} />
                    </td>
                  )}
                  {!compact && (
                    <td className={ui.wrap}>
                      <AnomalyBadge a={i.anomaly} lang={m.lang} currency={data.fx.length ? null : i.currency} />
                    </td>
                  )}
                  <td>
                    {stale ? (
                      <StaleMark t={t} last={i.date} today={m.today} dateOnly={compact} />
                    ) : compact ? (
                      i.date.slice(5)
                    ) : (
                      i.date
                    )}
                  </td>
                  {!compact && (
                    <td className={ui.wrap}>{i.product.demo ? t.demo : (data.sources[i.source]?.name ?? '')}</td>
                  )}
                </tr>
              )}
            />
          </table>
        </div>
      )}
      {items.length > shown && (
        <p style={{ textAlign: 'center', marginTop: 10 }}>
          <Button onClick={() => setShown((n) => n + PAGE)}>
            {fmt(t.showMore, { n: Math.min(PAGE, items.length - shown), left: items.length - shown })}
          </Button>
        </p>
      )}
      <AnomalyLegend />
      <p className={ui.provenance} data-testid="list-provenance">
        {data.asOf && <span>{fmt(t.asOf, { date: data.asOf })}</span>}
        {data.fx.map((x) => (
          <span key={x.from}>
            <UsdNote fx={x} t={t} /> <FxRate fx={x} t={t} lang={m.lang} />
          </span>
        ))}
        {wfp && <span>{sourceText(t, wfp)}</span>}
        {data.items.some((i) => data.sources[i.source]?.demo) && <span>{t.demoNote}</span>}
      </p>
    </>
  );
});

'use client';

import { memo, useState } from 'react';
import { isStale } from '../filters';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { lockOf } from '../unlock';
import { unitOf } from './labels';
import { Change, StaleMark } from './marks';
import { DemoTag, FailedView, LockPanel, SkeletonLines, ui } from './parts';
import type { SectionProps } from './section-props';
import { StaleSplit } from './stale-split';

/** Rows shown before "Show all": a region's 40 products were 1,700 px between its chart and the next. */
export const REGION_LATEST_ROWS = 5;

/** The chosen region's latest price per product (PriceMenu): a lock for visitors outside the nation. */
export const RegionLatest = memo(function RegionLatest({ m, t, compact }: SectionProps) {
  const [all, setAll] = useState(false);
  if (m.filters.region === m.nation) return null;
  const q = m.priceMenu;
  if (q.isLoading) return <SkeletonLines lines={3} label={t.loading} />;
  if (q.error) {
    const lock = lockOf(q.error);
    return lock ? (
      <LockPanel lock={lock} t={t} compact={compact} />
    ) : (
      <FailedView error={q.error} t={t} onRetry={() => void q.refetch()} />
    );
  }
  const menu = q.data;
  if (!menu) return null;
  const products = menu.categories.flatMap((c) => c.products);
  // The fresh prices first (as the table lists them), so the first rows are the current ones.
  const ordered = [
    ...products.filter((p) => !isStale(p.latest.date, m.today)),
    ...products.filter((p) => isStale(p.latest.date, m.today)),
  ];
  const items = all ? ordered : ordered.slice(0, REGION_LATEST_ROWS);
  const more = ordered.length > REGION_LATEST_ROWS;
  return (
    <>
      <div className={ui.tableScroll} tabIndex={0}>
        <table className={ui.table} data-testid="region-latest">
          <caption>{fmt(t.regionLatest, { region: menu.regionName })}</caption>
          <thead>
            <tr>
              <th>{t.colProduct}</th>
              <th className={ui.num}>{t.colPrice}</th>
              <th className={ui.num}>{t.colChange}</th>
              <th>{t.colDate}</th>
            </tr>
          </thead>
          <StaleSplit
            rows={items}
            today={m.today}
            dateOf={(p) => p.latest.date}
            t={t}
            columns={4}
            row={(p, stale) => (
              <tr key={p.code}>
                <td>
                  {p.name} {p.demo && <DemoTag t={t} />}
                  {p.sourceName && (
                    <span className={ui.sub} lang="en">
                      {p.sourceName}
                    </span>
                  )}
                </td>
                <td className={ui.num}>
                  {F.price(m.lang, p.latest.price, menu.currency)}{' '}
                  <small>{unitOf(t, p.unit, menu.currency, m.lang)}</small>
                </td>
                <td className={ui.num}>
                  <Change lang={m.lang} pct={p.latest.changePct} />
                </td>
                <td>{stale ? <StaleMark t={t} last={p.latest.date} today={m.today} /> : p.latest.date}</td>
              </tr>
            )}
          />
        </table>
      </div>
      {more && (
        <p style={{ marginTop: 8 }}>
          <button
            type="button"
            className={ui.button}
            onClick={() => setAll((v) => !v)}
            aria-expanded={all}
            data-testid="region-latest-all"
          >
            {all ? fmt(t.regionLatestFewer, { n: REGION_LATEST_ROWS }) : fmt(t.regionLatestAll, { n: ordered.length })}
          </button>
        </p>
      )}
    </>
  );
});

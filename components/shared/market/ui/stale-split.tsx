'use client';

import type { ReactNode } from 'react';
import { fmt } from '@/lib/i18n/format';
import { isStale, STALE_DAYS } from '../filters';
import { ui, type MarketT } from './parts';

/**
 * Rows of a latest-price table: the fresh ones, then, under their own heading, those whose last
 * price is more than 60 days old (never listed as latest beside today's).
 */
export function StaleSplit<R>({
  rows,
  today,
  dateOf,
  t,
  columns,
  row,
}: {
  rows: R[];
  today: string;
  dateOf: (r: R) => string;
  t: MarketT;
  columns: number;
  row: (r: R, stale: boolean) => ReactNode;
}) {
  const fresh = rows.filter((r) => !isStale(dateOf(r), today));
  const stale = rows.filter((r) => isStale(dateOf(r), today));
  return (
    <>
      {fresh.length > 0 && <tbody>{fresh.map((r) => row(r, false))}</tbody>}
      {stale.length > 0 && (
        <tbody data-testid="stale-rows">
          <tr className={ui.staleHead}>
            <th colSpan={columns} scope="colgroup">
              {fmt(t.staleGroup, { days: STALE_DAYS })}
            </th>
          </tr>
          {stale.map((r) => row(r, true))}
        </tbody>
      )}
    </>
  );
}

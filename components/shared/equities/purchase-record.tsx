'use client';

import dynamic from 'next/dynamic';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import type { OrderDTO, OrderKind, OrderStatus } from '@/lib/api/schemas/commerce';
import { ORDER_STATUSES } from '@/lib/api/schemas/commerce-values';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { ymdhm } from '@/lib/shared/dates';
import { yuan } from '@/lib/shared/format';
import { pick } from '@/lib/shared/names';
import { useUserInfo } from '@/stores/user-info';
import a from './account.module.css';
import { LoadFailed } from './load-failed';
import { LoginPrompt } from './login-prompt';
import { ORDER_CALLS } from './order-lookup';
import r from './purchase-record.module.css';
import { type RenderPay, usePurchaseFlow } from './use-purchase-flow';

// The receipt opens after a click: it loads then, not with the page.
const ReceiptModal = dynamic(() => import('./receipt').then((m) => m.ReceiptModal), { ssr: false });

const PAGE_SIZE = 10;

/** One tab per order kind; each has its own page call (order-lookup.ts) and pays through usePurchase. */
const KINDS: { kind: OrderKind; tab: 'tabMember' | 'tabDataProduct' }[] = [
  { kind: 'member', tab: 'tabMember' },
  { kind: 'data_product', tab: 'tabDataProduct' },
];

/**
 * equitiesCentre/purchaseRecord: the user's orders by kind, paged and filtered by status, with
 * pay and receipt actions. Plain markup on every device (a table that becomes one card per
 * order on a phone). Paying opens the pay page on a phone; on a desktop `renderPay` shows the
 * QR modal (components/desktop/equities/purchase-record.tsx), which loads after a click.
 */
export function PurchaseRecord({ brand, renderPay }: { brand: string; renderPay?: RenderPay }) {
  const t = useT('commerce');
  const status = useUserInfo((st) => st.status);
  const [kind, setKind] = useState<OrderKind>('member');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (status === 'idle' || status === 'loading')
    return <div className={r.recordsPlaceholder} aria-busy="true" data-testid="skeleton" />;
  if (status === 'anonymous') return <LoginPrompt purpose="orders" />;

  // The tabs pattern of WAI-ARIA: arrows move between tabs, only the selected one is in the tab order.
  const onKey = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (i + step + KINDS.length) % KINDS.length;
    setKind(KINDS[next]!.kind);
    tabs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" className={r.tabs}>
        {KINDS.map((k, i) => (
          <button
            key={k.kind}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`orders-tab-${k.kind}`}
            aria-selected={kind === k.kind}
            aria-controls={`orders-panel-${k.kind}`}
            tabIndex={kind === k.kind ? 0 : -1}
            className={r.tab}
            onClick={() => setKind(k.kind)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t[k.tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`orders-panel-${kind}`} aria-labelledby={`orders-tab-${kind}`}>
        <OrderList key={kind} kind={kind} brand={brand} renderPay={renderPay} />
      </div>
    </>
  );
}

function OrderList({ kind, brand, renderPay }: { kind: OrderKind; brand: string; renderPay?: RenderPay }) {
  const t = useT('commerce');
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<OrderStatus | undefined>();
  const [receipt, setReceipt] = useState<OrderDTO | null>(null);
  const purchase = usePurchaseFlow(kind);
  const list = useApiQuery(ORDER_CALLS[kind].list, { body: { pageIndex: page, pageSize: PAGE_SIZE, status: filter } });
  const orders = list.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <div className={a.filters}>
        <label htmlFor={`status-${kind}`}>{t.statusFilter}</label>
        <select
          id={`status-${kind}`}
          className={r.select}
          value={filter ?? 'all'}
          onChange={(e) => {
            const v = e.target.value as OrderStatus | 'all';
            setFilter(v === 'all' ? undefined : v);
            setPage(1);
          }}
        >
          <option value="all">{t.statusAll}</option>
          {ORDER_STATUSES.map((st) => (
            <option key={st} value={st}>
              {t[`status_${st}`]}
            </option>
          ))}
        </select>
      </div>
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      <table className={r.orders} aria-busy={list.isFetching}>
        <thead>
          <tr>
            <th scope="col">{t.colDate}</th>
            <th scope="col">{t.colItem}</th>
            <th scope="col">{t.colAmount}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} data-testid="order-row">
              <td data-label={t.colDate}>{ymdhm(o.createdAt)}</td>
              <td data-label={t.colItem}>
                {/* One block: on a phone the cell is a row of its label and this, not of three parts. */}
                <span className={r.item}>
                  {pick(locale, o.titleZh, o.titleEn)}
                  <span className={a.orderNoLine}>
                    {t.orderNo} <span className={a.orderNo}>{o.orderNo}</span>
                  </span>
                </span>
              </td>
              <td data-label={t.colAmount}>{yuan(o.amountFen)}</td>
              <td data-label={t.colStatus}>
                <span className={`${r.status} ${r[`status_${o.status}`]}`}>{t[`status_${o.status}`]}</span>
              </td>
              <td data-label={t.colActions}>
                {o.status === 'pending' && (
                  <button
                    type="button"
                    className={`btn btn-primary ${a.smallBtn} ${a.primarySmall}`}
                    onClick={() => void purchase.payOrder(o)}
                  >
                    {t.pay}
                  </button>
                )}
                {o.status === 'paid' && (
                  <button type="button" className={`btn ${a.smallBtn}`} onClick={() => setReceipt(o)}>
                    {t.receipt}
                  </button>
                )}
              </td>
            </tr>
          ))}
          {orders.length === 0 && (
            <tr className={r.emptyRow} data-testid={list.isLoading ? 'skeleton' : undefined}>
              <td colSpan={5}>{list.isLoading ? t.loading : list.isError ? '' : t.noOrders}</td>
            </tr>
          )}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className={r.pager} aria-label={t[KINDS.find((k) => k.kind === kind)!.tab]}>
          <button type="button" className={`btn ${a.smallBtn}`} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t.ordersPrev}
          </button>
          <span aria-live="polite">{fmt(t.ordersPageOf, { page, pages })}</span>
          <button
            type="button"
            className={`btn ${a.smallBtn}`}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t.ordersNext}
          </button>
        </nav>
      )}
      {receipt && <ReceiptModal order={receipt} brand={brand} onClose={() => setReceipt(null)} />}
      {renderPay?.(purchase, kind)}
    </>
  );
}

'use client';

import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import type { OrderDTO, OrderKind } from '@/lib/api/schemas/commerce';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { ymd, ymdhm } from '@/lib/shared/dates';
import { yuan } from '@/lib/shared/format';
import { joinNames, localName, pick } from '@/lib/shared/names';
import { refreshMembership } from '@/stores/session';
import { useUserInfo } from '@/stores/user-info';
import { LoadFailed } from './load-failed';
import { LoginPrompt } from './login-prompt';
import { ORDER_CALLS } from './order-lookup';
import s from './account.module.css';

const POLL_MS = 2000;
// Past this, the page says the confirmation is late (it still checks).
const LATE_MS = 30_000;

/** kind and id of `/equitiesCentre/orderResult?kind=…&id=…`, read once on the client. */
function asked(): { kind: OrderKind; id: string } | null {
  if (typeof window === 'undefined') return null;
  const q = new URLSearchParams(window.location.search);
  const kind = q.get('kind');
  const id = q.get('id') ?? '';
  return (kind === 'member' || kind === 'data_product') && id ? { kind, id } : null;
}

/**
 * Where a payer lands back from the gateway (its return URL, docs/commerce.md): the order's
 * number, what it is and, once the provider's notice is in, that it is paid and what it gave, or
 * that it was closed. The page asks again every 2 s while the order waits for that notice.
 */
export function OrderResult() {
  const t = useT('commerce');
  const status = useUserInfo((st) => st.status);
  const [order] = useState(asked);
  if (status === 'idle' || status === 'loading') return <p className={s.hint}>{t.loading}</p>;
  if (status === 'anonymous') return <LoginPrompt purpose="orders" />;
  if (!order)
    return (
      <p role="alert" className={s.failed}>
        {t.resultNotFound}
      </p>
    );
  return <OrderStatus kind={order.kind} id={order.id} />;
}

function OrderStatus({ kind, id }: { kind: OrderKind; id: string }) {
  const t = useT('commerce');
  const locale = useLocale();
  const qc = useQueryClient();
  const [since] = useState(() => Date.now());
  const q = useApiQuery(
    ORDER_CALLS[kind].byId,
    { query: { orderId: id }, skipErrorHandler: true },
    {
      staleTime: 0,
      refetchInterval: (x) => (x.state.data && x.state.data.status !== 'pending' ? false : POLL_MS),
    },
  );
  const order = q.data;
  // Paid: the membership and every cached answer are the buyer's new ones (docs/commerce.md).
  const told = useRef(false);
  useEffect(() => {
    if (order?.status !== 'paid' || told.current) return;
    told.current = true;
    void refreshMembership().finally(() => void qc.invalidateQueries());
  }, [order, qc]);

  if (q.isError && !order) {
    if (q.error.code === 404) return <p className={s.failed}>{t.resultNotFound}</p>;
    return <LoadFailed onRetry={() => void q.refetch()} />;
  }
  if (!order) return <p className={s.hint}>{t.loading}</p>;
  // Measured at each answer (every 2 s while pending), not by a clock of its own.
  const late = q.dataUpdatedAt - since > LATE_MS;
  return (
    <section
      className={s.resultCard}
      aria-labelledby="order-result-title"
      data-testid="order-result"
      data-status={order.status}
    >
      <h2 id="order-result-title">
        {order.status === 'paid' ? t.paidTitle : order.status === 'pending' ? t.resultTitle : t.closedTitle}
      </h2>
      <p role="status" aria-live="polite">
        {order.status === 'paid'
          ? paidText(order, t, locale)
          : order.status === 'pending'
            ? late
              ? t.resultWaitingLong
              : t.resultWaiting
            : t.closedBody}
      </p>
      <dl className={s.summary}>
        <dt>{t.orderNo}</dt>
        <dd>
          <strong className={s.orderNo} data-testid="result-order-no">
            {order.orderNo}
          </strong>
        </dd>
        <dt>{t.colItem}</dt>
        <dd>{pick(locale, order.titleZh, order.titleEn)}</dd>
        <dt>{t.colAmount}</dt>
        <dd>{yuan(order.amountFen)}</dd>
        {order.paidAt && (
          <>
            <dt>{t.receiptDate}</dt>
            <dd>{ymdhm(order.paidAt)}</dd>
          </>
        )}
        <dt>{t.tradeCode}</dt>
        <dd>
          <code className={s.code}>{order.tradeCode}</code>
        </dd>
      </dl>
      <p className={s.actions}>
        {order.status === 'paid' && (
          <Link className={`btn ${s.smallBtn} ${s.primarySmall}`} href="/functionality">
            {t.toMarket}
          </Link>
        )}
        <Link className={`btn ${s.smallBtn}`} href="/equitiesCentre/purchaseRecord">
          {t.viewRecords}
        </Link>
      </p>
    </section>
  );
}

function paidText(order: OrderDTO, t: ReturnType<typeof useT<'commerce'>>, locale: ReturnType<typeof useLocale>) {
  if (order.member)
    return fmt(t.paidBody, {
      level: pick(locale, order.member.levelNameZh, order.member.levelNameEn),
      date: ymd(order.member.endsAt),
    });
  if (order.dataProduct)
    return fmt(t.paidBodyData, {
      product: pick(locale, order.dataProduct.productNameZh, order.dataProduct.productNameEn),
      regions: joinNames(
        order.dataProduct.regions.map((r) => localName(r, locale)),
        locale,
      ),
    });
  return t.paidBodyGeneric;
}

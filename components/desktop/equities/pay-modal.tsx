'use client';

import { Button, Modal, QRCode, Result, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AntdThemeScope } from '@/components/desktop/antd-theme-scope';
import { useApiQuery } from '@/lib/api/hooks';
import type { OrderDTO, OrderKind, PayInfoDTO } from '@/lib/api/schemas/commerce';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { mmss, yuan } from '@/lib/shared/format';
import { ymd } from '@/lib/shared/dates';
import { joinNames, localName, pick } from '@/lib/shared/names';
import { ORDER_CALLS } from '@/components/shared/equities/order-lookup';
import a from '@/components/shared/equities/account.module.css';
import s from './equities.module.css';

const POLL_MS = 2000;

type Props = {
  pay: PayInfoDTO;
  kind: OrderKind;
  onClose: () => void;
  /** Called once when the order turns paid (refresh the session's membership, lists …). */
  onPaid?: (order: OrderDTO) => void;
};

/**
 * The PC pay modal (docs/commerce.md): QR code of the pay URL, amount, a countdown
 * to the order's expiry, and polling of the order until it is paid, closed or expired.
 */
export function PayModal({ pay, kind, onClose, onPaid }: Props) {
  const t = useT('commerce');
  const locale = useLocale();
  const [now, setNow] = useState(() => Date.now());
  const left = Date.parse(pay.expiresAt) - now;
  const { data: order } = useApiQuery(
    ORDER_CALLS[kind].byId,
    { query: { orderId: pay.orderId }, skipErrorHandler: true },
    {
      refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : POLL_MS),
      refetchIntervalInBackground: true,
    },
  );
  const status = order?.status ?? 'pending';
  const expired = status === 'pending' && left <= 0;

  useEffect(() => {
    if (status !== 'pending') return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [status]);

  const told = useRef(false);
  useEffect(() => {
    if (order?.status === 'paid' && !told.current) {
      told.current = true;
      onPaid?.(order);
    }
  }, [order, onPaid]);

  let body;
  if (status === 'paid') {
    body = (
      <Result
        status="success"
        title={t.paidTitle}
        subTitle={
          order?.member
            ? fmt(t.paidBody, {
                level: pick(locale, order.member.levelNameZh, order.member.levelNameEn),
                date: ymd(order.member.endsAt),
              })
            : order?.dataProduct
              ? fmt(t.paidBodyData, {
                  product: pick(locale, order.dataProduct.productNameZh, order.dataProduct.productNameEn),
                  regions: joinNames(
                    order.dataProduct.regions.map((r) => localName(r, locale)),
                    locale,
                  ),
                })
              : t.paidBodyGeneric
        }
        extra={
          <Button type="primary" onClick={onClose}>
            {t.done}
          </Button>
        }
      />
    );
  } else if (status === 'closed' || status === 'refunded' || expired) {
    body = (
      <Result
        status="warning"
        title={t.closedTitle}
        subTitle={t.closedBody}
        extra={<Button onClick={onClose}>{t.done}</Button>}
      />
    );
  } else {
    body = (
      <div className={s.pay}>
        <QRCode value={pay.qrContent} size={200} bordered={false} aria-label={t.scanHint} />
        <div className={s.payInfo}>
          <Typography.Text type="secondary">{t.amount}</Typography.Text>
          <div className={s.payAmount} data-testid="pay-amount">
            {yuan(pay.amountFen)}
          </div>
          <p>
            {t.orderNo}:{' '}
            <strong className={a.orderNo} data-testid="pay-order-no">
              {pay.orderNo}
            </strong>
          </p>
          <p className={a.hint}>
            {t.tradeCode}: <code className={a.code}>{pay.tradeCode}</code>
          </p>
          <p role="timer" aria-live="off">
            {fmt(t.expiresIn, { time: mmss(left) })}
          </p>
          <p aria-live="polite">{t.waiting}</p>
          <Space wrap>
            <a href={pay.payUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
              {t.openPayPage}
            </a>
          </Space>
          <p className={a.hint}>{t.scanHint}</p>
        </div>
      </div>
    );
  }

  return (
    <AntdThemeScope locale={locale}>
      <Modal open title={t.payTitle} onCancel={onClose} footer={null} width={560} destroyOnHidden>
        <div data-testid="pay-modal" data-status={expired ? 'closed' : status}>
          {body}
        </div>
      </Modal>
    </AntdThemeScope>
  );
}

'use client';

import type { OrderDTO } from '@/lib/api/schemas/commerce';
import { useLocale, useT } from '@/lib/i18n/client';
import { useUserInfo } from '@/stores/user-info';
import { yuan } from '@/lib/shared/format';
import { ymd, ymdhm } from '@/lib/shared/dates';
import { joinNames, localName, pick } from '@/lib/shared/names';
import { Dialog } from './dialog';
import s from './account.module.css';

/** A printable receipt of a paid order (docs/commerce.md), in a plain-markup dialog; print hides everything else on the page. */
export function ReceiptModal({ order, brand, onClose }: { order: OrderDTO; brand: string; onClose: () => void }) {
  const t = useT('commerce');
  const locale = useLocale();
  const user = useUserInfo((st) => st.user);
  const providerLabel = (p: string) => (p === 'alipay' ? t.provider_alipay : p === 'sandbox' ? t.provider_sandbox : p);
  return (
    <Dialog
      title={t.receiptTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={`btn ${s.smallBtn}`} onClick={onClose}>
            {t.done}
          </button>
          <button type="button" className={`btn ${s.smallBtn} ${s.primarySmall}`} onClick={() => window.print()}>
            {t.print}
          </button>
        </>
      }
    >
      <article className={s.receipt} data-testid="receipt" aria-label={t.receiptTitle}>
        <h2>{brand}</h2>
        <p style={{ textAlign: 'center', margin: 0 }}>{t.receiptTitle}</p>
        <dl className={s.summary} style={{ marginTop: 16 }}>
          <dt>{t.orderNo}</dt>
          <dd>
            <strong className={s.orderNo} data-testid="receipt-order-no">
              {order.orderNo}
            </strong>
          </dd>
          <dt>{t.tradeCode}</dt>
          <dd>
            <code className={s.code}>{order.tradeCode}</code>
          </dd>
          <dt>{t.receiptDate}</dt>
          <dd>{order.paidAt ? ymdhm(order.paidAt) : ''}</dd>
          {user && (
            <>
              <dt>{t.receiptBuyer}</dt>
              <dd>
                {user.nickname} ({user.phone})
              </dd>
            </>
          )}
          {order.member && (
            <>
              <dt>{t.receiptPeriod}</dt>
              <dd>
                {order.member.action === 'renew'
                  ? ymd(order.member.effectiveAt)
                  : ymd(order.paidAt ?? order.member.effectiveAt)}{' '}
                – {ymd(order.member.endsAt)}
              </dd>
            </>
          )}
          {order.dataProduct && (
            <>
              <dt>{t.receiptRegions}</dt>
              <dd data-testid="receipt-regions">
                {pick(locale, order.dataProduct.productNameZh, order.dataProduct.productNameEn)}:{' '}
                {joinNames(
                  order.dataProduct.regions.map((r) => localName(r, locale)),
                  locale,
                )}{' '}
                · {order.dataProduct.months === 12 ? t.months12 : `${order.dataProduct.months}`}
                {order.dataProduct.discountPct > 0 && ` · −${order.dataProduct.discountPct}%`}
              </dd>
            </>
          )}
        </dl>
        <table className={s.receiptTable}>
          <thead>
            <tr>
              <th scope="col">{t.receiptItem}</th>
              <th scope="col">{t.colAmount}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.ref + l.labelEn}>
                <td>{pick(locale, l.labelZh, l.labelEn)}</td>
                <td>{yuan(l.amountFen)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t.receiptTotal}</th>
              <td>
                <strong data-testid="receipt-total">{yuan(order.amountFen)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
        {order.payment && (
          <dl className={s.summary}>
            <dt>{t.receiptMethod}</dt>
            <dd>{providerLabel(order.payment.provider)}</dd>
            <dt>{t.receiptTxn}</dt>
            <dd>
              <code className={s.code}>{order.payment.providerTxnId}</code>
            </dd>
          </dl>
        )}
        <p className={s.hint}>{t.receiptNote}</p>
      </article>
    </Dialog>
  );
}

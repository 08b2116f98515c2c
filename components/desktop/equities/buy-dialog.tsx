'use client';

import { type ReactNode, useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import type { MemberLevelDTO, MemberMonths } from '@/lib/api/schemas/commerce';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { useServerText } from '@/lib/i18n/use-server-text';
import { ymd, ymdhm } from '@/lib/shared/dates';
import { yuan } from '@/lib/shared/format';
import { pick } from '@/lib/shared/names';
import { Dialog } from '@/components/shared/equities/dialog';
import dl from '@/components/shared/equities/dialog.module.css';
import a from '@/components/shared/equities/account.module.css';
import s from './equities.module.css';
import type { PurchaseBody } from './use-purchase';

type Props = {
  level: MemberLevelDTO;
  currentName: string;
  onClose: () => void;
  /** Buys through usePurchase (order, pay info, QR modal or pay page); `busy` while it runs. */
  onBuy: (body: PurchaseBody['member']) => void;
  busy: boolean;
};

/**
 * Confirms a purchase before any order exists: new or renewal with the
 * durations and their dates, or an upgrade with the prorated price and the
 * unchanged end date (docs/pricing.md). The server prices everything.
 * A native dialog in plain markup: the membership pages load no antd, on a phone least of all.
 */
export function BuyDialog({ level, currentName, onClose, onBuy, busy }: Props) {
  const t = useT('commerce');
  const text = useServerText();
  const locale = useLocale();
  const name = pick(locale, level.nameZh, level.nameEn);
  const info = useApiQuery('QueryUserBuyMemberInfo', { query: { memberId: level.id } }, { staleTime: 0 });
  const offer = info.data?.offer;
  const up = useApiQuery(
    'QueryMemberLevelUpPrice',
    { query: { memberId: level.id } },
    { enabled: offer?.action === 'upgrade', staleTime: 0 },
  );
  const [months, setMonths] = useState<MemberMonths>(1);

  const option = info.data?.options.find((o) => o.months === months);
  const price = offer?.action === 'upgrade' ? (offer.upPriceFen ?? 0) : (option?.priceFen ?? 0);
  const title =
    offer?.action === 'upgrade'
      ? fmt(t.upgradeTitle, { level: name })
      : offer?.action === 'renew'
        ? fmt(t.renewTitle, { level: name })
        : fmt(t.buyTitle, { level: name });
  const periodLabel = (m: number) => (m === 1 ? t.months1 : m === 3 ? t.months3 : t.months12);
  const row = (label: string, value: ReactNode) => (
    <tr>
      <th scope="row">{label}</th>
      <td>{value}</td>
    </tr>
  );

  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={`btn ${a.smallBtn}`} onClick={onClose}>
            {t.cancel}
          </button>
          <button
            type="button"
            className={`btn ${a.smallBtn} ${a.primarySmall}`}
            disabled={!offer || offer.action === 'refused' || price <= 0 || busy}
            aria-busy={busy}
            onClick={() => onBuy(offer?.action === 'upgrade' ? { memberId: level.id } : { memberId: level.id, months })}
          >
            {fmt(t.confirmPay, { price: yuan(price) })}
          </button>
        </>
      }
    >
      {info.isLoading || !info.data ? (
        <p aria-busy="true">{t.loading}</p>
      ) : offer?.action === 'refused' ? (
        <p role="alert" className={dl.warning}>
          {text(offer.refusedMessage, offer.refusedReason ?? '')}
        </p>
      ) : offer?.action === 'upgrade' ? (
        <table className={dl.quote} data-testid="upgrade-quote">
          <tbody>
            {row(fmt(t.remaining, { level: currentName }), offer.remainingDays)}
            {row(t.effective, t.effectiveOnPayment)}
            {row(t.endsUnchanged, offer.endsAt ? ymd(offer.endsAt) : '')}
            {up.data &&
              row(
                fmt(t.upNewPrice, { level: name, days: up.data.remainingDays }),
                <>
                  <span data-testid="upgrade-new-price">{yuan(up.data.newPriceFen)}</span>
                  {up.data.parts.length > 1 &&
                    up.data.parts.map((p) => (
                      <div key={`${p.months}-${p.remainingDays}`} className={s.formula}>
                        {fmt(t.upPart, {
                          period: periodLabel(p.months),
                          days: p.remainingDays,
                          new: yuan(p.newPriceFen),
                          credit: yuan(p.creditFen),
                        })}
                      </div>
                    ))}
                </>,
              )}
            {up.data && row(t.upCredit, <span data-testid="upgrade-credit">− {yuan(up.data.creditFen)}</span>)}
            {row(
              t.amount,
              <>
                <strong data-testid="upgrade-price">{yuan(price)}</strong>
                {up.data && (
                  <div className={s.formula} data-testid="upgrade-formula">
                    {fmt(t.formula, {
                      new: yuan(up.data.newPriceFen),
                      credit: yuan(up.data.creditFen),
                      price: yuan(up.data.priceFen),
                    })}
                  </div>
                )}
              </>,
            )}
          </tbody>
        </table>
      ) : (
        <>
          <fieldset className={dl.durations}>
            <legend className="visually-hidden">{t.duration}</legend>
            {info.data.options.map((o) => (
              <label key={o.months} className={dl.duration}>
                <input
                  type="radio"
                  name="months"
                  value={o.months}
                  checked={months === o.months}
                  onChange={() => setMonths(o.months as MemberMonths)}
                />
                <span>{`${periodLabel(o.months)} · ${yuan(o.priceFen)}`}</span>
              </label>
            ))}
          </fieldset>
          {option && (
            <table className={dl.quote}>
              <tbody>
                {row(t.effective, offer?.action === 'renew' ? ymdhm(option.effectiveAt) : t.effectiveOnPayment)}
                {row(t.ends, ymd(option.endsAt))}
                {row(t.amount, <strong>{yuan(option.priceFen)}</strong>)}
              </tbody>
            </table>
          )}
        </>
      )}
    </Dialog>
  );
}

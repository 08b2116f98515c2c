'use client';

import { Alert, Descriptions, Modal, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { AntdThemeScope } from '@/components/desktop/antd-theme-scope';
import { useApiQuery } from '@/lib/api/hooks';
import type { MemberLevelDTO, MemberMonths } from '@/lib/api/schemas/commerce';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import s from './equities.module.css';
import { yuan } from '@/lib/shared/format';
import { ymd, ymdhm } from '@/lib/shared/dates';
import { pick } from '@/lib/shared/names';
import type { PurchaseBody } from './use-purchase';
import { useServerText } from '@/lib/i18n/use-server-text';

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

  return (
    <AntdThemeScope locale={locale}>
      <Modal
        open
        title={title}
        onCancel={onClose}
        cancelText={t.cancel}
        okText={fmt(t.confirmPay, { price: yuan(price) })}
        okButtonProps={{ disabled: !offer || offer.action === 'refused' || price <= 0, loading: busy }}
        onOk={() => onBuy(offer?.action === 'upgrade' ? { memberId: level.id } : { memberId: level.id, months })}
        width={560}
      >
        {info.isLoading || !info.data ? (
          <Skeleton active />
        ) : offer?.action === 'refused' ? (
          <Alert type="warning" showIcon message={text(offer.refusedMessage, offer.refusedReason ?? '')} />
        ) : offer?.action === 'upgrade' ? (
          <Descriptions column={1} size="small" bordered data-testid="upgrade-quote">
            <Descriptions.Item label={fmt(t.remaining, { level: currentName })}>
              {offer.remainingDays}
            </Descriptions.Item>
            <Descriptions.Item label={t.effective}>{t.effectiveOnPayment}</Descriptions.Item>
            <Descriptions.Item label={t.endsUnchanged}>{offer.endsAt ? ymd(offer.endsAt) : ''}</Descriptions.Item>
            {up.data && (
              <>
                <Descriptions.Item label={fmt(t.upNewPrice, { level: name, days: up.data.remainingDays })}>
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
                </Descriptions.Item>
                <Descriptions.Item label={t.upCredit}>
                  <span data-testid="upgrade-credit">− {yuan(up.data.creditFen)}</span>
                </Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t.amount}>
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
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <>
            <Radio.Group
              aria-label={t.duration}
              value={months}
              onChange={(e) => setMonths(e.target.value as MemberMonths)}
              optionType="button"
              buttonStyle="solid"
              options={info.data.options.map((o) => ({
                value: o.months,
                label: `${periodLabel(o.months)} · ${yuan(o.priceFen)}`,
              }))}
              style={{ marginBottom: 16 }}
            />
            {option && (
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t.effective}>
                  {offer?.action === 'renew' ? ymdhm(option.effectiveAt) : t.effectiveOnPayment}
                </Descriptions.Item>
                <Descriptions.Item label={t.ends}>{ymd(option.endsAt)}</Descriptions.Item>
                <Descriptions.Item label={t.amount}>
                  <strong>{yuan(option.priceFen)}</strong>
                </Descriptions.Item>
              </Descriptions>
            )}
          </>
        )}
      </Modal>
    </AntdThemeScope>
  );
}

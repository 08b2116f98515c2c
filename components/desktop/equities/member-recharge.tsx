'use client';

import { Button, Card, Descriptions, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import type { MemberLevelDTO, MemberOfferDTO } from '@/lib/api/schemas/commerce';
import type { MemberPrivileges } from '@/lib/api/schemas/member';
import { useLocale, useT } from '@/lib/i18n/client';
import type { Locale } from '@/lib/i18n/config';
import { fmt } from '@/lib/i18n/format';
import { useUserInfo } from '@/stores/user-info';
import { BuyDialog } from './lazy-modals';
import { yuan } from '@/lib/shared/format';
import { ymd } from '@/lib/shared/dates';
import { pick } from '@/lib/shared/names';
import { LoginPrompt } from './login-prompt';
import s from './equities.module.css';
import { LoadFailed } from './load-failed';
import { type PurchaseBody, usePurchase } from './use-purchase';
import { useServerText } from '@/lib/i18n/use-server-text';

type Level = MemberLevelDTO & { offer?: MemberOfferDTO };
type Messages = ReturnType<typeof useT<'commerce'>>;

function privileges(t: Messages, p: MemberPrivileges, locale: Locale) {
  return [
    fmt(t.privHistory, { months: p.historyMonths }, locale),
    p.regionDepth === 'market'
      ? t.privRegionMarket
      : p.regionDepth === 'province'
        ? t.privRegionProvince
        : t.privRegionNational,
    p.forecast ? t.privForecast : t.privNoForecast,
    p.export ? t.privExport : t.privNoExport,
    ...(p.dataProductDiscountPct > 0 ? [fmt(t.privDiscount, { pct: p.dataProductDiscountPct })] : []),
  ];
}

/**
 * memberRecharge (docs/screens.md) of equitiesCentre/member and /memberCentre: the
 * current membership, the levels with their prices, and buy / renew / upgrade.
 * The catalogue is public; buying needs a login.
 */
export function MemberRecharge({ centre = false }: { centre?: boolean }) {
  const t = useT('commerce');
  const locale = useLocale();
  const { status, member } = useUserInfo();
  const loggedIn = status === 'ready';
  const publicList = useApiQuery('QueryMemberList', {}, { enabled: status === 'anonymous' });
  const offers = useApiQuery('QueryMemberListHasUpPrice', {}, { enabled: loggedIn });
  const [buying, setBuying] = useState<MemberLevelDTO | null>(null);
  const purchase = usePurchase('member');
  const onBuy = async (body: PurchaseBody['member']) => {
    const failed = await purchase.buy(body);
    if (!failed) setBuying(null);
  };

  if (status === 'idle' || status === 'loading') return <Skeleton active />;
  if (centre && status === 'anonymous') return <LoginPrompt />;

  const list: Level[] | undefined = loggedIn ? offers.data : publicList.data?.filter((l) => l.forSale);
  const nameOf = (levelId: string, fallback: string) => {
    const l = list?.find((x) => x.id === levelId);
    return l ? pick(locale, l.nameZh, l.nameEn) : fallback;
  };
  const failed = loggedIn ? offers.isError : publicList.isError;

  return (
    <>
      {loggedIn && (
        <Card className={s.current} title={t.yourMembership} data-testid="current-membership">
          {member ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t.current}>
                <strong data-testid="current-level">{nameOf(member.levelId, member.levelName)}</strong>
              </Descriptions.Item>
              <Descriptions.Item label={t.ends}>
                <span data-testid="current-ends">{ymd(member.endsAt)}</span>
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <p>{t.noMembership}</p>
          )}
        </Card>
      )}
      {status === 'anonymous' && !centre && <LoginPrompt />}

      <h2 className={s.levelsTitle}>{t.levelsTitle}</h2>
      <p className={s.lead}>{t.levelsLead}</p>
      {failed ? (
        <LoadFailed onRetry={() => void (loggedIn ? offers.refetch() : publicList.refetch())} />
      ) : !list ? (
        <Skeleton active />
      ) : (
        <div className={s.levels}>
          {list.map((l) => (
            <Card
              key={l.id}
              className={s.levelCard}
              title={pick(locale, l.nameZh, l.nameEn)}
              extra={member?.levelId === l.id ? <Tag color="green">{t.current}</Tag> : null}
              data-testid={`level-${l.code}`}
            >
              <div className={s.prices}>
                {l.prices.map((p) => (
                  <span key={p.months}>
                    {fmt(t.perPeriod, {
                      price: yuan(p.priceFen),
                      period: p.months === 1 ? t.months1 : p.months === 3 ? t.months3 : t.months12,
                    })}
                  </span>
                ))}
              </div>
              <ul>
                {privileges(t, l.privileges, locale).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {loggedIn && l.offer && <LevelAction t={t} offer={l.offer} onClick={() => setBuying(l)} />}
            </Card>
          ))}
        </div>
      )}
      {buying && (
        <BuyDialog
          level={buying}
          currentName={member ? nameOf(member.levelId, member.levelName) : ''}
          onClose={() => setBuying(null)}
          onBuy={onBuy}
          busy={purchase.busy}
        />
      )}
      {purchase.payModal}
    </>
  );
}

function LevelAction({ t, offer, onClick }: { t: Messages; offer: MemberOfferDTO; onClick: () => void }) {
  const text = useServerText();
  if (offer.action === 'refused') {
    return (
      <Button block disabled title={text(offer.refusedMessage, offer.refusedReason ?? '') || undefined}>
        {t.refused}
      </Button>
    );
  }
  const label =
    offer.action === 'upgrade'
      ? fmt(t.upgradeFor, { price: yuan(offer.upPriceFen ?? 0) })
      : offer.action === 'renew'
        ? t.renew
        : t.buy;
  return (
    <Button block type="primary" onClick={onClick}>
      {label}
    </Button>
  );
}

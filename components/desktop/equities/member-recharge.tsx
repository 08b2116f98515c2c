'use client';

import { useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import type { MemberLevelDTO, MemberOfferDTO } from '@/lib/api/schemas/commerce';
import type { MemberPrivileges } from '@/lib/api/schemas/member';
import { useLocale, useT } from '@/lib/i18n/client';
import type { Locale } from '@/lib/shared/locale';
import { fmt } from '@/lib/i18n/format';
import { useServerText } from '@/lib/i18n/use-server-text';
import { ymd } from '@/lib/shared/dates';
import { yuan } from '@/lib/shared/format';
import { pick } from '@/lib/shared/names';
import { rangeSavingPct } from '@/lib/shared/range-saving';
import { useUserInfo } from '@/stores/user-info';
import a from '@/components/shared/equities/account.module.css';
import s from './equities.module.css';
import { BuyDialog } from './lazy-modals';
import { LoadFailed } from '@/components/shared/equities/load-failed';
import { LoginPrompt } from '@/components/shared/equities/login-prompt';
import { type PurchaseBody, usePurchase } from './use-purchase';

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
 * The catalogue is public and comes rendered from the server (`levels`: the levels on sale),
 * so it is on screen before any script runs; the session only adds the current membership and
 * each level's action, in places kept for them (no layout shift). Plain markup on every
 * device: antd loads with the buy dialog, after a click.
 */
export function MemberRecharge({
  levels,
  centre = false,
  recommended = null,
}: {
  levels: MemberLevelDTO[];
  centre?: boolean;
  /** The level marked "Recommended" (docs/pricing.md "Comparing the levels"). */
  recommended?: string | null;
}) {
  const t = useT('commerce');
  const locale = useLocale();
  const { status, member } = useUserInfo();
  const loggedIn = status === 'ready';
  const offers = useApiQuery('QueryMemberListHasUpPrice', {}, { enabled: loggedIn });
  const [buying, setBuying] = useState<MemberLevelDTO | null>(null);
  const purchase = usePurchase('member');
  const onBuy = async (body: PurchaseBody['member']) => {
    const failed = await purchase.buy(body);
    if (!failed) setBuying(null);
  };

  if (centre && status === 'anonymous') return <LoginPrompt purpose="account" />;

  // The server's copy draws the first paint; once the session's offers arrive they are the list
  // (the page may have been cached before the catalogue changed, and buying needs current ids).
  const list: (MemberLevelDTO & { offer?: MemberOfferDTO })[] = offers.data ?? levels;
  const nameOf = (levelId: string, fallback: string) => {
    const l = list.find((x) => x.id === levelId);
    return l ? pick(locale, l.nameZh, l.nameEn) : fallback;
  };

  return (
    <>
      {/* The same height whichever of these it turns out to hold. */}
      <div className={s.sessionSlot}>
        {loggedIn ? (
          <section className={s.card} aria-labelledby="current-membership-title" data-testid="current-membership">
            <h2 id="current-membership-title" className={s.cardTitle}>
              {t.yourMembership}
            </h2>
            {member ? (
              <dl className={a.summary}>
                <dt>{t.current}</dt>
                <dd>
                  <strong data-testid="current-level">{nameOf(member.levelId, member.levelName)}</strong>
                </dd>
                <dt>{t.ends}</dt>
                <dd>
                  <span data-testid="current-ends">{ymd(member.endsAt)}</span>
                </dd>
              </dl>
            ) : (
              <p>{t.noMembership}</p>
            )}
          </section>
        ) : status === 'anonymous' ? (
          <LoginPrompt />
        ) : (
          <div className={`${s.card} ${s.placeholder}`} aria-busy="true" data-testid="skeleton">
            <span className="visually-hidden">{t.loading}</span>
          </div>
        )}
      </div>

      <h2 className={s.levelsTitle}>{t.levelsTitle}</h2>
      <p className={s.lead}>{t.levelsLead}</p>
      {offers.isError && <LoadFailed onRetry={() => void offers.refetch()} />}
      <ul className={s.levels}>
        {list.map((l) => {
          const offer = l.offer;
          const name = pick(locale, l.nameZh, l.nameEn);
          return (
            <li key={l.code} className={`${s.card} ${s.levelCard} ${s.memberCard}`} data-testid={`level-${l.code}`}>
              <div className={s.levelHead}>
                <h3>{name}</h3>
                {member?.levelId === l.id ? (
                  <span className={s.tag}>{t.current}</span>
                ) : (
                  l.code === recommended && <span className={s.recommendedTag}>{t.recommended}</span>
                )}
              </div>
              <div className={s.prices}>
                {l.prices.map((p) => {
                  const pct = rangeSavingPct(l.prices, p.months);
                  return (
                    <span key={p.months}>
                      {fmt(t.perPeriod, {
                        price: yuan(p.priceFen),
                        period: p.months === 1 ? t.months1 : p.months === 3 ? t.months3 : t.months12,
                      })}
                      {pct !== null && <em className={s.saving}>{fmt(t.savePct, { pct })}</em>}
                    </span>
                  );
                })}
              </div>
              <ul>
                {privileges(t, l.privileges, locale).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {/* Kept while the session and the offers load, so the card does not grow. */}
              {status !== 'anonymous' && (
                <div className={s.action}>
                  {offer && <LevelAction t={t} offer={offer} onClick={() => setBuying(l)} />}
                </div>
              )}
            </li>
          );
        })}
      </ul>
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
      <button
        type="button"
        className={`btn ${s.block}`}
        disabled
        title={text(offer.refusedMessage, offer.refusedReason ?? '') || undefined}
      >
        {t.refused}
      </button>
    );
  }
  const label =
    offer.action === 'upgrade'
      ? fmt(t.upgradeFor, { price: yuan(offer.upPriceFen ?? 0) })
      : offer.action === 'renew'
        ? t.renew
        : t.buy;
  return (
    <button type="button" className={`btn btn-primary ${s.block}`} onClick={onClick}>
      {label}
    </button>
  );
}

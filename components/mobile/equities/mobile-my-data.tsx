'use client';

import { useState } from 'react';
import { LoadFailed } from '@/components/shared/equities/load-failed';
import { LoginPrompt } from '@/components/shared/equities/login-prompt';
import { BUY_PAGE, DAY, marketLink } from '@/components/shared/equities/market-link';
import { useApiQuery } from '@/lib/api/hooks';
import type { HoldingDTO } from '@/lib/api/schemas/data-product';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { ymd } from '@/lib/shared/dates';
import { pick } from '@/lib/shared/names';
import { useUserInfo } from '@/stores/user-info';
import s from './mobile-equities.module.css';

/** equitiesCentre/myData on a phone: each data product held, its regions with their period and days left, and links into the market pages. */
export function MobileMyData() {
  const t = useT('commerce');
  const status = useUserInfo((st) => st.status);
  const list = useApiQuery('QueryUserDataProductHoldings', {}, { enabled: status === 'ready', staleTime: 0 });
  if (status === 'anonymous') return <LoginPrompt purpose="myData" />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (status !== 'ready' || !list.data) {
    return (
      <p className={s.loading} aria-busy="true" data-testid="skeleton">
        {t.loading}
      </p>
    );
  }
  if (list.data.length === 0) {
    return (
      <div className={s.empty} data-testid="my-data-empty">
        <p>{t.myDataEmpty}</p>
        <a href={BUY_PAGE} className="btn btn-primary">
          {t.myDataBuy}
        </a>
      </div>
    );
  }
  return (
    <>
      <p>
        <a href={BUY_PAGE}>{t.myDataBuy}</a>
      </p>
      <ul className={s.cards}>
        {list.data.map((h) => (
          <Holding key={h.productCode} holding={h} />
        ))}
      </ul>
    </>
  );
}

function Holding({ holding: h }: { holding: HoldingDTO }) {
  const t = useT('commerce');
  const locale = useLocale();
  const name = pick(locale, h.nameZh, h.nameEn);
  const [now] = useState(() => Date.now());
  return (
    <li className={s.card} data-testid={`holding-${h.productCode}`}>
      <div className={s.cardHead}>
        <h2>{name}</h2>
        <a href={`${BUY_PAGE}?product=${encodeURIComponent(h.productCode)}`}>{t.myDataRenew}</a>
      </div>
      <ul className={s.rows} aria-label={name}>
        {h.regions.map((r) => {
          const days = Math.max(0, Math.ceil((Date.parse(r.endsAt) - now) / DAY));
          return (
            <li key={r.regionId} className={s.row} data-testid={`holding-${h.productCode}-${r.regionId}`}>
              <div className={s.rowTop}>
                <strong>{pick(locale, r.nameZh, r.nameEn)}</strong>
                <span className={r.active ? `${s.tag} ${s.tagOk}` : s.tag}>
                  {r.active ? fmt(t.myDataDaysLeft, { days }, locale) : t.myDataExpired}
                </span>
              </div>
              <span className={s.muted}>
                {t.myDataPeriod}
                {ymd(r.startsAt)} – <span data-testid="holding-ends">{ymd(r.endsAt)}</span>
              </span>
              {r.active && r.products.length > 0 && (
                <span className={s.links}>
                  {t.myDataView}
                  {r.products.map((p) => (
                    <a key={p.code} href={marketLink(p.code, r.regionId, new Date(now))}>
                      {pick(locale, p.nameZh, p.nameEn)}
                    </a>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

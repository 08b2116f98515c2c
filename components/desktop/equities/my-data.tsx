'use client';

import { Card, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import type { HoldingDTO } from '@/lib/api/schemas/data-product';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { useUserInfo } from '@/stores/user-info';
import { ymd } from '@/lib/shared/dates';
import { pick } from '@/lib/shared/names';
import { BUY_PAGE, DAY, marketLink } from '@/components/shared/equities/market-link';
import { LoginPrompt } from '@/components/shared/equities/login-prompt';
import s from './equities.module.css';
import { LoadFailed } from '@/components/shared/equities/load-failed';

/** equitiesCentre/myData: the data products and regions the user holds, with expiry and the way into the market pages. */
export function MyData() {
  const t = useT('commerce');
  const status = useUserInfo((st) => st.status);
  const list = useApiQuery('QueryUserDataProductHoldings', {}, { enabled: status === 'ready', staleTime: 0 });
  if (status === 'idle' || status === 'loading') return <Skeleton active />;
  if (status === 'anonymous') return <LoginPrompt purpose="myData" />;
  if (list.isError) {
    return <LoadFailed onRetry={() => void list.refetch()} />;
  }
  if (!list.data) return <Skeleton active />;
  if (list.data.length === 0) {
    return (
      <Empty description={t.myDataEmpty} data-testid="my-data-empty">
        <a href={BUY_PAGE} className="ant-btn ant-btn-primary ant-btn-color-primary ant-btn-variant-solid">
          {t.myDataBuy}
        </a>
      </Empty>
    );
  }
  return (
    <>
      <p>
        <a href={BUY_PAGE}>{t.myDataBuy}</a>
      </p>
      <div className={s.holdings}>
        {list.data.map((h) => (
          <Holding key={h.productCode} holding={h} />
        ))}
      </div>
    </>
  );
}

function Holding({ holding: h }: { holding: HoldingDTO }) {
  const t = useT('commerce');
  const locale = useLocale();
  const name = pick(locale, h.nameZh, h.nameEn);
  const [now] = useState(() => Date.now());
  return (
    <Card
      title={name}
      data-testid={`holding-${h.productCode}`}
      extra={<a href={`${BUY_PAGE}?product=${encodeURIComponent(h.productCode)}`}>{t.myDataRenew}</a>}
    >
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={name}>
        {h.regions.map((r) => {
          const days = Math.max(0, Math.ceil((Date.parse(r.endsAt) - now) / DAY));
          return (
            <li key={r.regionId} className={s.holdingRow} data-testid={`holding-${h.productCode}-${r.regionId}`}>
              <strong>{pick(locale, r.nameZh, r.nameEn)}</strong>
              <span>
                {t.myDataPeriod}
                {ymd(r.startsAt)} – <span data-testid="holding-ends">{ymd(r.endsAt)}</span>
              </span>
              {r.active ? (
                <Tag color="green">{fmt(t.myDataDaysLeft, { days }, locale)}</Tag>
              ) : (
                <Tag>{t.myDataExpired}</Tag>
              )}
              {r.active && r.products.length > 0 && (
                <span className={s.marketLinks}>
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
    </Card>
  );
}

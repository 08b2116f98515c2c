'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import a from '@/components/shared/equities/account.module.css';
import {
  backPath,
  initialProduct,
  MEMBER_PAGE,
  rememberProduct,
  useRegionChoice,
} from '@/components/shared/equities/catalogue';
import { Dialog } from '@/components/shared/equities/dialog';
import { LoadFailed } from '@/components/shared/equities/load-failed';
import { LoginPrompt } from '@/components/shared/equities/login-prompt';
import { usePurchaseFlow } from '@/components/shared/equities/use-purchase-flow';
import { useApiQuery } from '@/lib/api/hooks';
import { ARCHIVE_AFTER_DAYS, type DataProductBuyModelDTO, type DataProductDTO } from '@/lib/api/schemas/data-product';
import { RegionContents } from '@/components/shared/data-products/region-contents';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { ymd } from '@/lib/shared/dates';
import { yuan } from '@/lib/shared/format';
import { pick } from '@/lib/shared/names';
import { useUserInfo } from '@/stores/user-info';
import s from './mobile-equities.module.css';

type Messages = ReturnType<typeof useT<'commerce'>>;

/**
 * equitiesCentre/purchaseDataContent on a phone (docs/screens.md, docs/commerce.md): the
 * data-product catalogue as cards; the chosen product's regions as a checklist with the total
 * and the buy button kept above the tab bar; the pay page opens for the order (a phone cannot
 * scan its own screen). Plain markup, as the desktop page's antd is not needed here.
 */
export function MobilePurchaseDataContent() {
  const t = useT('commerce');
  const locale = useLocale();
  const list = useApiQuery('QueryDataProductList', {});
  // Read once on the client; the catalogue is fetched there too, so server and client first render alike.
  const [selected, setSelected] = useState<string | null>(initialProduct);
  const product = list.data?.find((p) => p.code === selected) ?? null;
  const panel = useRef<HTMLElement>(null);
  const shownCode = product?.code;
  useEffect(() => {
    if (shownCode) panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [shownCode]);
  const choose = (code: string) => {
    setSelected(code);
    rememberProduct(code);
  };

  return (
    <>
      <p>
        <Link
          href="/functionality"
          prefetch={false}
          data-testid="dp-back"
          onClick={(e) => {
            e.preventDefault();
            window.location.assign(backPath());
          }}
        >
          ← {t.dpBack}
        </Link>
      </p>
      {list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <p className={s.loading} aria-busy="true">
          {t.loading}
        </p>
      ) : list.data.length === 0 ? (
        <p className={s.empty}>{t.dpEmpty}</p>
      ) : (
        <>
          <ul className={s.cards}>
            {list.data.map((p) => (
              <ProductCard
                key={p.code}
                t={t}
                product={p}
                active={p.code === selected}
                onChoose={() => choose(p.code)}
              />
            ))}
          </ul>
          {product && (
            <section ref={panel} className={s.section} aria-labelledby="dp-regions-title" data-testid="dp-regions">
              <h2 id="dp-regions-title">
                {fmt(t.dpRegionsTitle, { product: pick(locale, product.nameZh, product.nameEn) })}
              </h2>
              <RegionPicker key={product.code} product={product} />
            </section>
          )}
        </>
      )}
    </>
  );
}

function ProductCard({
  t,
  product: p,
  active,
  onChoose,
}: {
  t: Messages;
  product: DataProductDTO;
  active: boolean;
  onChoose: () => void;
}) {
  const locale = useLocale();
  const tr = useT('saleRegion');
  return (
    <li className={active ? `${s.card} ${s.active}` : s.card} data-testid={`dp-${p.code}`}>
      <div className={s.cardHead}>
        <h2>{pick(locale, p.nameZh, p.nameEn)}</h2>
        {active && <span className={`${s.tag} ${s.tagOk}`}>{t.dpSelected}</span>}
      </div>
      <p className={s.muted}>{pick(locale, p.descriptionZh, p.descriptionEn)}</p>
      <p>
        <strong>{fmt(t.dpPerRegion, { price: yuan(p.pricePerRegionFen) })}</strong>
      </p>
      {p.regions.some((r) => r.archiveUnits > 0) && (
        <p className={s.muted} data-testid="dp-archive-price">
          {fmt(tr.archivePrice, {
            days: ARCHIVE_AFTER_DAYS,
            price: yuan(p.archivePricePerRegionFen),
            months: p.months,
          })}
        </p>
      )}
      <p>
        {p.minLevel ? (
          <span className={`${s.tag} ${s.tagGold}`}>
            {fmt(t.dpMinLevel, { level: pick(locale, p.minLevel.nameZh, p.minLevel.nameEn) })}
          </span>
        ) : (
          <span className={s.tag}>{t.dpAnyUser}</span>
        )}
      </p>
      {p.discounts.length > 0 && (
        <p className={s.muted}>
          {t.dpDiscounts}
          {p.discounts
            .map((d) => fmt(t.dpDiscountLine, { level: pick(locale, d.nameZh, d.nameEn), pct: d.pct }))
            .join(' · ')}
        </p>
      )}
      <p className={s.muted}>
        {p.regions.length ? fmt(t.dpRegionCount, { n: p.regions.length }, locale) : t.dpNoRegions}
      </p>
      <button
        type="button"
        className={active ? `btn ${s.block}` : `btn btn-primary ${s.block}`}
        disabled={p.regions.length === 0}
        onClick={onChoose}
        aria-pressed={active}
      >
        {t.dpChoose}
      </button>
    </li>
  );
}

function RegionPicker({ product }: { product: DataProductDTO }) {
  const t = useT('commerce');
  const status = useUserInfo((st) => st.status);
  if (status === 'anonymous') return <LoginPrompt />;
  if (status !== 'ready') {
    return (
      <p className={s.loading} aria-busy="true">
        {t.loading}
      </p>
    );
  }
  return <BuyRegions product={product} />;
}

function BuyRegions({ product }: { product: DataProductDTO }) {
  const t = useT('commerce');
  const tr = useT('saleRegion');
  const locale = useLocale();
  const choice = useRegionChoice(product);
  // This page shows the purchase's errors itself: a 403 as the memberModal, others inline.
  const purchase = usePurchaseFlow('data_product', { skipErrorHandler: true, onClosed: choice.clear });
  const { model, picked, total } = choice;
  const m = model.data;

  if (model.isError) {
    return (
      <div role="alert" className={a.failed}>
        <span>{model.error.text || t.loadFailed}</span>
        <button type="button" className={`btn ${a.smallBtn}`} onClick={() => void model.refetch()}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (!m) {
    return (
      <p className={s.loading} aria-busy="true">
        {t.loading}
      </p>
    );
  }

  return (
    <>
      <p className={s.muted}>{t.dpRegionsHint}</p>
      <p data-testid="dp-discount">
        {m.level && m.discountPct > 0
          ? fmt(t.dpYourDiscount, { level: pick(locale, m.level.nameZh, m.level.nameEn), pct: m.discountPct })
          : fmt(t.dpNoDiscount, { pct: choice.maxPct })}
      </p>
      {choice.showFilter && (
        <input
          type="search"
          className={s.filter}
          aria-label={t.dpRegionsFilter}
          placeholder={t.dpRegionsFilter}
          onChange={(e) => choice.setFilter(e.target.value)}
        />
      )}
      <ul className={s.rows}>
        {choice.shown.map((r) => {
          const id = `dp-region-${r.id}`;
          return (
            <li key={r.id} className={s.region} data-testid={id}>
              <input
                type="checkbox"
                id={`${id}-box`}
                checked={picked.includes(r.id)}
                disabled={!m.eligible}
                aria-describedby={`${id}-desc`}
                onChange={(e) => choice.toggle(r.id, e.target.checked)}
              />
              <div className={s.regionText}>
                <label htmlFor={`${id}-box`}>{pick(locale, r.nameZh, r.nameEn)}</label>
                <RegionContents region={r} t={tr} locale={locale} />
                <span id={`${id}-desc`} className={s.muted}>
                  {r.priceFen !== r.listPriceFen ? (
                    <>
                      <del>{yuan(r.listPriceFen)}</del> {yuan(r.priceFen)}
                    </>
                  ) : (
                    yuan(r.priceFen)
                  )}
                  {' · '}
                  {r.heldUntil ? fmt(t.dpHeldUntil, { date: ymd(r.heldUntil) }) : t.dpNotHeld}
                  {picked.includes(r.id) && ` · ${fmt(t.dpNewEnd, { date: ymd(r.newEndsAt) })}`}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      {choice.error && (
        <p role="alert" className={s.alert}>
          {choice.error}
        </p>
      )}
      <div className={s.buyBar}>
        <span>
          {t.dpTotal}: <strong data-testid="dp-total">{yuan(total)}</strong> (
          {fmt(t.dpRegionCount, { n: picked.length }, locale)})
        </span>
        <button
          type="button"
          className={`btn btn-primary ${s.block}`}
          disabled={picked.length === 0 || !m.eligible || purchase.busy}
          aria-busy={purchase.busy}
          onClick={() => void choice.submit(purchase.buy)}
        >
          {picked.length === 0 ? t.dpPickOne : fmt(t.dpBuy, { n: picked.length, price: yuan(total) }, locale)}
        </button>
      </div>
      {choice.memberReason && <MemberDialog product={m} reason={choice.memberReason} onClose={choice.closeMember} />}
    </>
  );
}

/** memberModal (docs/screens.md) in plain markup: the product needs a higher membership level; the way there. */
function MemberDialog({
  product: m,
  reason,
  onClose,
}: {
  product: DataProductBuyModelDTO;
  reason: string;
  onClose: () => void;
}) {
  const t = useT('commerce');
  const locale = useLocale();
  const p = m.product;
  const level = p.minLevel ? pick(locale, p.minLevel.nameZh, p.minLevel.nameEn) : '';
  return (
    <Dialog
      title={t.memberNeededTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={`btn ${a.smallBtn}`} onClick={onClose}>
            {t.cancel}
          </button>
          <a href={MEMBER_PAGE} className={`btn btn-primary ${a.smallBtn} ${a.primarySmall}`}>
            {t.memberNeededAction}
          </a>
        </>
      }
    >
      <div data-testid="member-modal">
        <p>{level ? fmt(t.memberNeededBody, { product: pick(locale, p.nameZh, p.nameEn), level }) : reason}</p>
      </div>
    </Dialog>
  );
}

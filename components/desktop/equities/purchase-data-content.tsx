'use client';

import { Alert, Button, Card, Checkbox, Empty, Input, Modal, Skeleton, Tag } from 'antd';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useApiQuery } from '@/lib/api/hooks';
import { ARCHIVE_AFTER_DAYS, type DataProductBuyModelDTO, type DataProductDTO } from '@/lib/api/schemas/data-product';
import { useLocale, useT } from '@/lib/i18n/client';
import { fmt } from '@/lib/i18n/format';
import { useUserInfo } from '@/stores/user-info';
import { yuan } from '@/lib/shared/format';
import { ymd } from '@/lib/shared/dates';
import { pick } from '@/lib/shared/names';
import { LoginPrompt } from '@/components/shared/equities/login-prompt';
import a from '@/components/shared/equities/account.module.css';
import s from './equities.module.css';
import { LoadFailed } from '@/components/shared/equities/load-failed';
import { usePurchase } from './use-purchase';
import {
  backPath,
  initialProduct,
  MEMBER_PAGE,
  rememberProduct,
  useRegionChoice,
} from '@/components/shared/equities/catalogue';
import { RegionContents } from '@/components/shared/data-products/region-contents';

type Messages = ReturnType<typeof useT<'commerce'>>;

/**
 * equitiesCentre/purchaseDataContent (docs/screens.md, docs/commerce.md): the data-product catalogue;
 * choosing regions of one product (`?product=CODE` preselects it, as the market pages' lock
 * links do); memberModal when the product needs a higher level; payModal for the order.
 */
export function PurchaseDataContent() {
  const t = useT('commerce');
  const locale = useLocale();
  const list = useApiQuery('QueryDataProductList', {});
  // Read once on the client; the catalogue is fetched there too, so server and client first render alike.
  const [selected, setSelected] = useState<string | null>(initialProduct);

  const product = list.data?.find((p) => p.code === selected) ?? null;
  // The regions follow the whole catalogue: bring them into view when a product is chosen (or preselected).
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
        <Skeleton active />
      ) : list.data.length === 0 ? (
        <Empty description={t.dpEmpty} />
      ) : (
        <>
          <div className={s.levels} role="list">
            {list.data.map((p) => (
              <ProductCard
                key={p.code}
                t={t}
                product={p}
                active={p.code === selected}
                onChoose={() => choose(p.code)}
              />
            ))}
          </div>
          {product && (
            <section ref={panel} className={s.regionPanel} aria-labelledby="dp-regions-title" data-testid="dp-regions">
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
    <div role="listitem">
      <Card
        className={`${s.levelCard} ${active ? s.activeCard : ''}`}
        title={pick(locale, p.nameZh, p.nameEn)}
        extra={active ? <Tag color="green">{t.dpSelected}</Tag> : null}
        data-testid={`dp-${p.code}`}
      >
        <p className={a.hint}>{pick(locale, p.descriptionZh, p.descriptionEn)}</p>
        <p>
          <strong>{fmt(t.dpPerRegion, { price: yuan(p.pricePerRegionFen) })}</strong>
        </p>
        {p.regions.some((r) => r.archiveUnits > 0) && (
          <p className={a.hint} data-testid="dp-archive-price">
            {fmt(tr.archivePrice, {
              days: ARCHIVE_AFTER_DAYS,
              price: yuan(p.archivePricePerRegionFen),
              months: p.months,
            })}
          </p>
        )}
        {/* The gold tag's text is darker than antd's (below WCAG AA on its background; e2e/a11y.spec.ts). */}
        <p>
          {p.minLevel ? (
            <Tag color="gold" style={{ color: '#874d00' }}>
              {fmt(t.dpMinLevel, { level: pick(locale, p.minLevel.nameZh, p.minLevel.nameEn) })}
            </Tag>
          ) : (
            <Tag>{t.dpAnyUser}</Tag>
          )}
        </p>
        {p.discounts.length > 0 && (
          <p className={a.hint}>
            {t.dpDiscounts}
            {p.discounts
              .map((d) => fmt(t.dpDiscountLine, { level: pick(locale, d.nameZh, d.nameEn), pct: d.pct }))
              .join(' · ')}
          </p>
        )}
        <p className={a.hint}>
          {p.regions.length ? fmt(t.dpRegionCount, { n: p.regions.length }, locale) : t.dpNoRegions}
        </p>
        <Button
          block
          type={active ? 'default' : 'primary'}
          disabled={p.regions.length === 0}
          onClick={onChoose}
          aria-pressed={active}
        >
          {t.dpChoose}
        </Button>
      </Card>
    </div>
  );
}

function RegionPicker({ product }: { product: DataProductDTO }) {
  const status = useUserInfo((st) => st.status);
  if (status === 'idle' || status === 'loading') return <Skeleton active />;
  if (status === 'anonymous') return <LoginPrompt />;
  return <BuyRegions product={product} />;
}

function BuyRegions({ product }: { product: DataProductDTO }) {
  const t = useT('commerce');
  const tr = useT('saleRegion');
  const locale = useLocale();
  const choice = useRegionChoice(product);
  // This page shows the purchase's errors itself: a 403 as the memberModal, others inline.
  const purchase = usePurchase('data_product', { skipErrorHandler: true, onClosed: choice.clear });
  const { model, picked, total } = choice;
  const m = model.data;

  if (model.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={model.error.text || t.loadFailed}
        action={
          <Button size="small" onClick={() => void model.refetch()}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  if (!m) return <Skeleton active />;

  return (
    <>
      <p className={a.hint}>{t.dpRegionsHint}</p>
      <p data-testid="dp-discount">
        {m.level && m.discountPct > 0
          ? fmt(t.dpYourDiscount, { level: pick(locale, m.level.nameZh, m.level.nameEn), pct: m.discountPct })
          : fmt(t.dpNoDiscount, { pct: choice.maxPct })}
      </p>
      {choice.showFilter && (
        <Input.Search
          aria-label={t.dpRegionsFilter}
          placeholder={t.dpRegionsFilter}
          allowClear
          onChange={(e) => choice.setFilter(e.target.value)}
          style={{ maxWidth: 320, marginBottom: 12 }}
        />
      )}
      <ul className={s.regionList}>
        {choice.shown.map((r) => {
          const descId = `dp-region-${r.id}-desc`;
          return (
            <li key={r.id} data-testid={`dp-region-${r.id}`}>
              <Checkbox
                checked={picked.includes(r.id)}
                disabled={!m.eligible}
                aria-describedby={descId}
                onChange={(e) => choice.toggle(r.id, e.target.checked)}
              >
                {pick(locale, r.nameZh, r.nameEn)}
              </Checkbox>
              <RegionContents region={r} t={tr} locale={locale} />
              <span id={descId} className={a.hint}>
                {r.priceFen !== r.listPriceFen ? (
                  <>
                    <s>{yuan(r.listPriceFen)}</s> {yuan(r.priceFen)}
                  </>
                ) : (
                  yuan(r.priceFen)
                )}
                {' · '}
                {r.heldUntil ? <Tag color="green">{fmt(t.dpHeldUntil, { date: ymd(r.heldUntil) })}</Tag> : t.dpNotHeld}
                {picked.includes(r.id) && ` · ${fmt(t.dpNewEnd, { date: ymd(r.newEndsAt) })}`}
              </span>
            </li>
          );
        })}
      </ul>
      {choice.error && <Alert type="error" showIcon message={choice.error} style={{ margin: '12px 0' }} />}
      <div className={s.buyBar}>
        <span>
          {t.dpTotal}: <strong data-testid="dp-total">{yuan(total)}</strong> (
          {fmt(t.dpRegionCount, { n: picked.length }, locale)})
        </span>
        <Button
          type="primary"
          size="large"
          disabled={picked.length === 0 || !m.eligible}
          loading={purchase.busy}
          onClick={() => void choice.submit(purchase.buy)}
        >
          {picked.length === 0 ? t.dpPickOne : fmt(t.dpBuy, { n: picked.length, price: yuan(total) }, locale)}
        </Button>
      </div>
      {choice.memberReason && <MemberModal product={m} reason={choice.memberReason} onClose={choice.closeMember} />}
      {purchase.payModal}
    </>
  );
}

/** memberModal (docs/screens.md): the product needs a higher membership level; the way there. */
function MemberModal({
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
    <Modal
      open
      title={t.memberNeededTitle}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t.cancel}
        </Button>,
        <a
          key="go"
          href={MEMBER_PAGE}
          className="ant-btn ant-btn-primary ant-btn-color-primary ant-btn-variant-solid"
          style={{ marginInlineStart: 8 }}
        >
          {t.memberNeededAction}
        </a>,
      ]}
    >
      <div data-testid="member-modal">
        <p>{level ? fmt(t.memberNeededBody, { product: pick(locale, p.nameZh, p.nameEn), level }) : reason}</p>
      </div>
    </Modal>
  );
}

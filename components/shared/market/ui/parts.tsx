'use client';

import { Fragment, type ReactNode } from 'react';
import type { FxDTO, Provenance } from '@/lib/api/schemas/market';
import { offlineCopyAt } from '@/lib/api/request';
import { isConnectionError, MSG_TIMED_OUT, RequestError } from '@/lib/api/request-error';
import { ymdhm } from '@/lib/shared/dates';
import { loginPathForDevice } from '@/lib/device/device';
import { setLoginUrl } from '@/lib/api/token';
import { fmt } from '@/lib/i18n/format';
import type { Messages } from '@/lib/i18n/types';
import { rate as rateText } from '../format';
import type { Previous } from '../last-good';
import { buyPage, lockOf, MEMBER_PAGE, type Lock } from '../unlock';
import { LockGlyph } from './lock-glyph';
import type { Market } from '../use-market';
import { sourceText } from './labels';
import s from './market-ui.module.css';

export type MarketT = Messages['market'];

/**
 * A region's name for a control. Before the region tree answers, the nation is named by its country
 * and any other region is said to be loading: a reader never sees a region's id.
 */
export function regionName(m: Pick<Market, 'regions' | 'nation' | 'country'>, t: MarketT, id: string): string {
  return m.regions.get(id)?.name ?? (id === m.nation ? (m.country?.name ?? t.nation) : t.loading);
}

export function Panel({
  id,
  title,
  actions,
  children,
  labelledBy,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  labelledBy?: string;
}) {
  const headingId = labelledBy ?? `${id}-title`;
  return (
    <section id={id} className={s.panel} aria-labelledby={headingId}>
      <div className={s.panelHead}>
        <h2 id={headingId}>{title}</h2>
        {actions && <div className={s.panelActions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export function SkeletonChart({ height = 300, label }: { height?: number; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className={s.skeleton} style={{ height }} data-testid="skeleton" />
    </div>
  );
}

/**
 * A figure still loading: a pulsing bar, never the "–" that means "no data" (docs/screens.md,
 * "Bad connections"); a screen reader hears "Loading…".
 */
export function Pending({ t }: { t: MarketT }) {
  return <span className={s.pending} role="status" aria-label={t.loading} data-testid="pending" />;
}

export function SkeletonLines({ lines = 4, label }: { lines?: number; label: string }) {
  return (
    <div role="status" aria-busy="true" className={s.skeletonLines}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={s.skeleton} style={{ width: `${90 - i * 12}%` }} />
      ))}
    </div>
  );
}

export function StateBox({
  title,
  body,
  error,
  action,
  bar,
}: {
  title: string;
  body?: string;
  error?: boolean;
  action?: ReactNode;
  /** One line above content that stays (the last answer), not a box in its place. */
  bar?: boolean;
}) {
  const cls = [s.state, error && s.error, bar && s.stateBar].filter(Boolean).join(' ');
  return (
    <div className={cls} role={error ? 'alert' : 'status'}>
      <strong>{title}</strong>
      {body && <span>{body}</span>}
      {action}
    </div>
  );
}

/** Faint chart lines behind a lock, so a locked chart never looks like an empty one. */
function LockArt() {
  return (
    <svg className={s.lockArt} viewBox="0 0 600 240" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <polyline
        points="0,170 60,150 120,160 180,120 240,130 300,95 360,110 420,80 480,90 540,60 600,70"
        fill="none"
        stroke="#9cc9b8"
        strokeWidth="4"
      />
      <polyline
        points="0,200 60,190 120,196 180,170 240,176 300,150 360,160 420,140 480,146 540,120 600,128"
        fill="none"
        stroke="#e8c98a"
        strokeWidth="3"
        strokeDasharray="8 6"
      />
    </svg>
  );
}

function LockIcon() {
  return (
    <span className={s.lockIcon} aria-hidden="true">
      <LockGlyph />
    </span>
  );
}

function goLogin() {
  setLoginUrl(window.location.pathname + window.location.search);
  window.location.assign(loginPathForDevice());
}

/** The refusal in place of the chart, with the action that unlocks it: log in, upgrade or buy (docs/access-policy.md). */
export function LockPanel({
  lock,
  t,
  onShowFrom,
  compact,
  inline,
}: {
  lock: Lock;
  t: MarketT;
  onShowFrom?: (from: string) => void;
  compact?: boolean;
  /** A bar above the part that is drawn, instead of a panel in place of the chart. */
  inline?: boolean;
}) {
  const { unlock } = lock;
  return (
    <div className={inline ? s.lockInline : s.lockWrap} data-testid="lock" data-reason={unlock.reason}>
      {!inline && <LockArt />}
      <div className={s.lock} role="region" aria-label={t.lockTitle}>
        <LockIcon />
        <p>{lock.message}</p>
        {unlock.allowedFrom && <p>{fmt(t.lockFrom, { date: unlock.allowedFrom })}</p>}
        <div className={s.lockActions}>
          {unlock.login && (
            <button type="button" className={`${s.button} ${s.primary}`} onClick={goLogin}>
              {t.lockLogin}
            </button>
          )}
          {unlock.level && (
            <a className={`${s.button} ${unlock.login ? '' : s.primary}`} href={MEMBER_PAGE}>
              {fmt(t.lockUpgrade, { level: unlock.level.name })}
            </a>
          )}
          {unlock.dataProduct && (
            <a className={s.button} href={buyPage(unlock.dataProduct.code)} data-testid="buy-link">
              {fmt(t.lockBuy, { product: unlock.dataProduct.name })}
            </a>
          )}
          {!unlock.level && !unlock.dataProduct && !unlock.login && (
            <a className={s.button} href={MEMBER_PAGE}>
              {t.lockMore}
            </a>
          )}
          {unlock.allowedFrom && onShowFrom && !compact && !inline && (
            <button type="button" className={s.button} onClick={() => onShowFrom(unlock.allowedFrom!)}>
              {fmt(t.showFrom, { date: unlock.allowedFrom })}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * What a failure says: the connection's in the page's own words (the server's catalogue may not
 * load offline), else the message of the answer.
 */
export function failureText(e: RequestError, t: MarketT): string {
  if (!isConnectionError(e)) return e.text;
  return e.msg === MSG_TIMED_OUT ? t.timedOutError : t.offlineError;
}

/**
 * A failure in place of a panel's content, with Retry; with the last answer the panel had, that
 * answer stays below it, with its time (docs/screens.md, "Bad connections").
 */
export function FailedView<T>({
  error,
  t,
  onRetry,
  previous,
  children,
}: {
  error: RequestError;
  t: MarketT;
  onRetry?: () => void;
  previous?: Previous<T>;
  children?: (data: T) => ReactNode;
}) {
  const retry = onRetry && (
    <button type="button" className={s.button} onClick={onRetry}>
      {t.retry}
    </button>
  );
  const box = (
    <StateBox
      error
      bar={!!previous}
      title={failureText(error, t)}
      body={previous ? fmt(t.showingPrevious, { time: ymdhm(new Date(previous.at).toISOString()) }) : undefined}
      action={retry}
    />
  );
  if (!previous || !children) return box;
  return (
    <>
      {box}
      <div className={s.previous} data-testid="previous-answer">
        {children(previous.data)}
      </div>
    </>
  );
}

/**
 * What a store/query result shows: a skeleton while loading, the lock for a refusal, the error
 * in place for any other failure with the last answer below it (docs/screens.md), else the
 * children with the data.
 */
export function ResultView<T>({
  data,
  loading,
  t,
  height,
  onRetry,
  onShowFrom,
  previous,
  children,
}: {
  data: T | RequestError | null | undefined;
  loading: boolean;
  t: MarketT;
  height?: number;
  onRetry?: () => void;
  onShowFrom?: (from: string) => void;
  previous?: Previous<T>;
  children: (data: T) => ReactNode;
}) {
  if (loading || data === null || data === undefined) return <SkeletonChart height={height} label={t.loading} />;
  if (data instanceof RequestError) {
    const lock = lockOf(data);
    if (lock) return <LockPanel lock={lock} t={t} onShowFrom={onShowFrom} />;
    return (
      <FailedView error={data} t={t} onRetry={onRetry} previous={previous}>
        {children}
      </FailedView>
    );
  }
  return (
    <>
      <OfflineCopyNote data={data} t={t} />
      {children(data)}
    </>
  );
}

/** Says so when an answer is the phone's offline copy (public/sw.js), with the time it was loaded. */
export function OfflineCopyNote({ data, t }: { data: unknown; t: MarketT }) {
  const at = offlineCopyAt(data);
  if (!at) return null;
  return (
    <p className={`${s.note} ${s.offlineCopy}`} role="status" data-testid="offline-copy">
      {fmt(t.offlineCopy, { time: ymdhm(at) })}
    </p>
  );
}

export function ProvenanceLine({
  provenance,
  t,
  unitLabel,
}: {
  provenance: Provenance;
  t: MarketT;
  unitLabel?: string;
}) {
  const demo = provenance.sources.some((x) => x.demo);
  return (
    <p className={s.provenance} data-testid="provenance">
      {provenance.sources
        .filter((x) => !x.demo)
        .map((x) => (
          <span key={x.name}>{sourceText(t, x)}</span>
        ))}
      {demo && <span>{t.demoNote}</span>}
      {provenance.asOf && <span>{fmt(t.asOf, { date: provenance.asOf })}</span>}
      <span>{fmt(t.unit, { unit: unitLabel ?? provenance.unit })}</span>
      <UsdNote fx={provenance.fx} t={t} />
      {demo && <span className={s.tag}>{t.demo}</span>}
    </p>
  );
}

/** A licence as the page's language names it: "Public domain" is 公有领域 in Chinese; licence codes (CC BY-IGO) stay. */
export const licenceLabel = (t: MarketT, licence: string) =>
  licence.toLowerCase() === 'public domain' ? t.publicDomain : licence;

/**
 * How USD figures were converted, shown with them: whose monthly rates (published, or implied by
 * the price source's own USD prices), their months, how many months lie past the last rate.
 */
export function UsdNote({ fx, t }: { fx: FxDTO | null; t: MarketT }) {
  if (!fx?.firstMonth || !fx.lastMonth) return null;
  const source = fx.source
    ? fmt(t.sourceWithLicence, { name: fx.source.name, licence: licenceLabel(t, fx.source.licence) })
    : '';
  const note = fmt(fx.implied ? t.usdNoteImplied : t.usdNote, {
    source,
    from: fx.from,
    first: fx.firstMonth,
    last: fx.lastMonth,
  });
  // The rates' source is named as it names itself (English on a Chinese page): marked as such.
  const pieces = fx.source ? note.split(fx.source.name) : [note];
  return (
    <span data-testid="usd-note">
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <span lang="en">{fx.source?.name}</span>}
          {piece}
        </Fragment>
      ))}
      {fx.beyondMonths > 0 && ` ${fmt(t.usdBeyond, { n: fx.beyondMonths, last: fx.lastMonth })}`}
      {fx.missing > 0 && ` ${fmt(t.usdMissing, { n: fx.missing })}`}
    </span>
  );
}

/** "1 USD = 117.35 BDT (2025-06)": beside the unit of figures in USD, the rate of the latest one and its month. */
export function FxRate({ fx, t, lang }: { fx: FxDTO | null | undefined; t: MarketT; lang: Market['lang'] }) {
  if (!fx?.rate || !fx.rateMonth) return null;
  return (
    <span data-testid="fx-rate" className={s.keep}>
      {fmt(t.fxRate, { rate: rateText(lang, fx.rate), from: fx.from, month: fx.rateMonth })}
    </span>
  );
}

export function DemoTag({ t }: { t: MarketT }) {
  return <span className={s.tag}>{t.demo}</span>;
}

export function WarnTag({ children }: { children: ReactNode }) {
  return <span className={`${s.tag} ${s.warn}`}>{children}</span>;
}

export function Button({
  children,
  onClick,
  primary,
  busy,
  testId,
}: {
  children: ReactNode;
  onClick: () => void;
  primary?: boolean;
  busy?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={primary ? `${s.button} ${s.primary}` : s.button}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

export const ui = s;

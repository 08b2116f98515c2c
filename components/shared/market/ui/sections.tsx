'use client';

import { memo, type ReactNode, useMemo, useState } from 'react';
import type {
  PriceAgTrendDTO,
  PriceIndexDTO,
  PriceTrendDTO,
  ProductsMenuDTO,
  WebPriceDTO,
} from '@/lib/api/schemas/market';
import { RequestError } from '@/lib/api/request-error';
import { fmt } from '@/lib/i18n/format';
import * as F from '../format';
import { ForecastChart, IndexChart, Sparkline, TrendChart, type Row, type SeriesSpec } from '../lazy-charts';
import type { ExportKind, Market } from '../use-market';
import {
  Button,
  DemoTag,
  LockPanel,
  ProvenanceLine,
  UsdNote,
  ResultView,
  SkeletonLines,
  StateBox,
  ui,
  WarnTag,
  type MarketT,
} from './parts';
import { lockedDates } from '../allowed';
import { isStale, STALE_DAYS, type RangePreset } from '../filters';
import { lockOf, type Lock } from '../unlock';
import { changeTone, TONE_COLOURS, useUpColour } from '../up-colour';

type Props = { m: Market; t: MarketT; compact?: boolean };
type ListItem = Omit<WebPriceDTO['items'][number], 'product' | 'market'> & {
  product: WebPriceDTO['products'][number];
  market: WebPriceDTO['markets'][number];
};

// The page renders again on every answer of its dozen calls: a chart's rows are made once per answer
// (and the charts, memoised, draw again only when those change).
const NO_LOCKS: Lock[] = [];

/** `make(answer)`, computed once per answer object (React Query keeps an unchanged answer the same object). */
function perAnswer<A extends object, R>(make: (a: A) => R): (a: A) => R {
  const made = new WeakMap<A, R>();
  return (a) => {
    if (!made.has(a)) made.set(a, make(a));
    return made.get(a)!;
  };
}

/** "Source: WFP VAM via HDX (CC BY-IGO)" in the page's language (the attribution the licence asks for). */
export const sourceText = (t: MarketT, src: { name: string; licence: string }) =>
  `${t.source}: ${src.name} (${src.licence})`;

/** "CNY/kg", "元/公斤", "BDT/kg", "USD/L": the currency of the figures and the product's unit (the same in every language). */
const unitOf = (t: MarketT, unit: string, currency: string, lang: Props['m']['lang']) =>
  `${F.currencyLabel(currency, lang)}/${F.unitLabel(unit, t)}`;

/** A change, signed, in the reader's up colour (red up in Chinese, green up in English, or their choice). */
function Change({
  lang,
  value,
  pct,
  currency = '',
}: {
  lang: Market['lang'];
  value?: number | null;
  pct: number | null | undefined;
  /** The currency of `value`, for its decimals. */
  currency?: string;
}) {
  const tone = changeTone(F.direction(pct ?? value ?? null), useUpColour());
  return (
    <span className={tone ? ui[tone] : undefined} data-tone={tone ?? undefined}>
      {value !== undefined ? `${F.signed(lang, value, currency)} ` : ''}
      {value !== undefined ? `(${F.pct(lang, pct)})` : F.pct(lang, pct)}
    </span>
  );
}

/** "last updated <date>" for a series whose last price is more than 60 days old; nothing otherwise. */
export function StaleMark({
  t,
  last,
  today,
  dateOnly,
}: {
  t: MarketT;
  last: string | null | undefined;
  today: string;
  /** Only the date, marked: under a heading that already says the rows are stale (a phone's narrow column). */
  dateOnly?: boolean;
}) {
  if (!last || !isStale(last, today)) return null;
  return (
    <span className={ui.stale} data-testid="stale">
      {dateOnly ? last : fmt(t.lastUpdated, { date: last })}
    </span>
  );
}

export const RANGE_LABEL = {
  '90d': 'range90d',
  '6m': 'range6m',
  '1y': 'range1y',
  '2y': 'range2y',
  '5y': 'range5y',
  custom: 'rangeCustom',
} as const satisfies Record<RangePreset, keyof MarketT>;

/** A product's span and source for a picker: "2011-01 – 2020-10 · WFP VAM via HDX" (months: the span, not the day). */
export function productCoverage(t: MarketT, p: ProductsMenuDTO[number]): string {
  if (!p.from || !p.to) return '';
  const source = [...new Set(p.sources.map((x) => (x.demo ? t.demo : x.name)))].join(', ');
  const span = { from: p.from.slice(0, 7), to: p.to.slice(0, 7) };
  return source ? fmt(t.productCoverage, { ...span, source }) : fmt(t.coverage, span);
}

/** Says that the window moved to where the data ends (the chosen one holds no prices). */
function MovedNote({ m, t, movedTo }: Props & { movedTo: string | null }) {
  if (!movedTo) return null;
  return (
    <p className={ui.note} data-testid="moved-window">
      {fmt(t.movedWindow, { date: movedTo, period: t[RANGE_LABEL[m.filters.range]] })}
    </p>
  );
}

export function ExportButton({ m, t, kind }: Props & { kind: ExportKind }) {
  const busy = m.exportState?.kind === kind && m.exportState.status === 'busy';
  return (
    <Button onClick={() => void m.exportCsv(kind)} busy={busy} testId={`export-${kind}`}>
      {busy ? t.exporting : t.exportCsv}
    </Button>
  );
}

/** What the last export did, in place: the file, or the lock saying what would allow it. */
export function ExportStatus({ m, t, kind }: Props & { kind: ExportKind }) {
  const e = m.exportState;
  if (!e || e.kind !== kind || e.status === 'busy') return null;
  if (e.status === 'done')
    return (
      <p className={ui.provenance} role="status" data-testid="export-done">
        {fmt(t.exported, { file: e.file ?? '' })}
      </p>
    );
  if (e.status === 'locked' && e.lock) return <LockPanel lock={e.lock} t={t} compact />;
  return <StateBox error title={e.message ?? ''} />;
}

// ---- overview (the spec's "chart" part) ----

export const OverviewBody = memo(function OverviewBody({ m, t }: Props) {
  // A refused trend still has the part the viewer may see: its latest price is theirs.
  const trend = m.trend.data instanceof RequestError ? (m.trend.allowed?.data ?? m.trend.data) : m.trend.data;
  const first = trend && !(trend instanceof RequestError) ? trend.series[0] : undefined;
  const ov = m.overview.data;
  const latestIndex = ov?.points.at(-1);
  const rows = useMemo<Row[]>(() => (ov?.points ?? []).map(([date, level]) => ({ date, level })), [ov]);
  const currency = trend && !(trend instanceof RequestError) ? trend.currency : '';
  const up = useUpColour();
  const indexTone = changeTone(F.direction((rows.at(-1)?.level as number) - (rows[0]?.level as number)), up);
  return (
    <div className={ui.kpis}>
      <dl className={ui.kpi}>
        <dt>
          {t.latestPrice}
          {first ? ` · ${first.regionName}` : ''}
        </dt>
        <dd data-testid="kpi-latest">
          {m.trend.loading ? '…' : first ? F.price(m.lang, first.stats.latest, currency) : '–'}
          {trend && !(trend instanceof RequestError) && (
            <small>{unitOf(t, trend.product.unit, trend.currency, m.lang)}</small>
          )}
        </dd>
        {first && !m.trend.loading && (
          <dd>
            <StaleMark t={t} last={first.points.at(-1)?.[0]} today={m.today} />
          </dd>
        )}
      </dl>
      <dl className={ui.kpi}>
        <dt>{t.change}</dt>
        <dd>
          {first ? (
            <Change lang={m.lang} value={first.stats.change} pct={first.stats.changePct} currency={currency} />
          ) : (
            '–'
          )}
        </dd>
      </dl>
      <dl className={ui.kpi}>
        <dt>
          {t.periodMin} / {t.periodMax} / {t.periodAvg}
        </dt>
        <dd style={{ fontSize: 16 }}>
          {first
            ? `${F.price(m.lang, first.stats.min, currency)} / ${F.price(m.lang, first.stats.max, currency)} / ${F.price(m.lang, first.stats.avg, currency)}`
            : '–'}
        </dd>
      </dl>
      <dl className={ui.kpi}>
        <dt>{t.compositeIndex}</dt>
        <dd>
          {latestIndex ? F.level(m.lang, latestIndex[1]) : m.overview.isLoading ? '…' : '–'}
          {latestIndex && (
            <small>
              {/* Each change stays beside its label: a narrow card breaks between the two, not inside one. */}
              <span className={ui.keep}>
                {t.dod} <Change lang={m.lang} pct={latestIndex[2]} /> ·
              </span>{' '}
              <span className={ui.keep}>
                {t.yoy} <Change lang={m.lang} pct={latestIndex[4]} />
              </span>
              <StaleMark t={t} last={latestIndex[0]} today={m.today} />
            </small>
          )}
        </dd>
        {/* A <dl> holds only terms and descriptions: the line is one more description of the index. */}
        {rows.length > 1 && (
          <dd>
            <Sparkline
              rows={rows}
              dataKey="level"
              label={`${t.compositeIndex} ${F.level(m.lang, latestIndex?.[1])}`}
              color={indexTone ? TONE_COLOURS[indexTone] : undefined}
            />
          </dd>
        )}
      </dl>
    </div>
  );
});

// ---- index (chartIndex) ----

export const IndexBody = memo(function IndexBody({ m, t, compact }: Props) {
  const refused = m.index.data instanceof RequestError ? lockOf(m.index.data) : null;
  const allowed = m.index.allowed;
  // Refused, but part of it is the viewer's: draw that part, the locks beside it.
  if (refused && !m.index.loading && allowed?.data)
    return <IndexView m={m} t={t} compact={compact} i={allowed.data} locks={allowed.locks} />;
  return (
    <ResultView<PriceIndexDTO>
      data={m.index.data}
      loading={m.index.loading}
      t={t}
      height={300}
      onRetry={() => void m.reload.index()}
      onShowFrom={(from) => m.setFilters({ range: 'custom', from, to: m.today })}
    >
      {(i) => <IndexView m={m} t={t} compact={compact} i={i} locks={NO_LOCKS} />}
    </ResultView>
  );
});

function IndexView({ m, t, compact, i, locks }: Props & { i: PriceIndexDTO; locks: Lock[] }) {
  const last = i.points.at(-1);
  const rows = useMemo<Row[]>(() => i.points.map(([date, level]) => ({ date, level })), [i]);
  return (
    <>
      <p className={ui.provenance}>
        {i.index.name} · {i.regionName} ·{' '}
        {fmt(t.indexBase, { start: i.index.basePeriod.start, end: i.index.basePeriod.end })}
        {i.index.equalWeights && <span>{t.equalWeights}</span>}
      </p>
      <p className={ui.provenance} data-testid="index-basis">
        {fmt(t.indexBasis, {
          type: t[i.index.priceType],
          currency: F.currencyLabel(i.index.currency, m.lang),
          start: i.index.basePeriod.start,
          end: i.index.basePeriod.end,
        })}
      </p>
      <MovedNote m={m} t={t} movedTo={m.indexWindow.movedTo} />
      {locks.map((lock) => (
        <LockPanel key={`${lock.unlock.reason}:${lock.unlock.regionId}`} lock={lock} t={t} inline />
      ))}
      {i.points.length ? (
        <IndexChart
          rows={rows}
          height={compact ? 220 : 300}
          compact={compact}
          name={i.index.name}
          label={`${i.index.name}: ${F.level(m.lang, last?.[1])}`}
          format={(v) => F.level(m.lang, v)}
        />
      ) : (
        <StateBox title={t.empty} body={t.emptyHint} />
      )}
      {last && (
        <div className={ui.tableScroll}>
          <table className={ui.table} data-testid="index-latest">
            <thead>
              <tr>
                <th>{t.colDate}</th>
                <th className={ui.num}>{t.level}</th>
                <th className={ui.num}>{t.dod}</th>
                <th className={ui.num}>{t.mom}</th>
                <th className={ui.num}>{t.yoy}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  {last[0]}
                  <StaleMark t={t} last={last[0]} today={m.today} />
                </td>
                <td className={ui.num}>{F.level(m.lang, last[1])}</td>
                <td className={ui.num}>
                  <Change lang={m.lang} pct={last[2]} />
                </td>
                <td className={ui.num}>
                  <Change lang={m.lang} pct={last[3]} />
                </td>
                <td className={ui.num}>
                  <Change lang={m.lang} pct={last[4]} />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <details className={ui.details} data-testid="methodology">
        <summary>{t.methodology}</summary>
        <p>{i.methodology}</p>
        {i.index.weights.length > 1 && (
          <p>
            {t.weights}:{' '}
            {i.index.weights
              .slice(0, 12)
              .map((w) => `${w.name} ${(w.weight * 100).toFixed(1)}%`)
              .join(' · ')}
            {i.index.weights.length > 12 ? ' …' : ''}
          </p>
        )}
      </details>
      <ProvenanceLine provenance={i.provenance} t={t} unitLabel={t.indexUnit} />
      <ExportStatus m={m} t={t} kind="index" />
    </>
  );
}

// ---- forecast (chartForecast) ----

/** The history and the forecast as chart rows, joined at the last month of history; one per answer. */
const forecastRows = perAnswer((f: PriceAgTrendDTO): Row[] => {
  const rows: Row[] = [
    ...f.history.map((h) => ({ date: h.date, history: h.price })),
    ...f.forecast.map((p) => ({
      date: p.date,
      mid: p.mid,
      band80: [p.lo80, p.hi80] as [number, number],
      band95: [p.lo95, p.hi95] as [number, number],
    })),
  ];
  // Join the lines: the forecast starts from the last month of history.
  const lastHistory = f.history.at(-1);
  if (lastHistory && f.forecast.length)
    rows[f.history.length - 1] = { ...rows[f.history.length - 1]!, mid: lastHistory.price };
  return rows;
});

export const ForecastBody = memo(function ForecastBody({ m, t, compact }: Props) {
  return (
    <ResultView<PriceAgTrendDTO>
      data={m.agri.data}
      loading={m.agri.loading}
      t={t}
      height={320}
      onRetry={() => void m.reload.agri()}
    >
      {(f) => {
        const rows = forecastRows(f);
        const mid = f.forecast.at(-1);
        return (
          <>
            <p className={ui.provenance}>
              {/* One flex item, as the trend's line: the model's name is not set apart by the row's gap. */}
              <span>
                {f.product.name} · {f.regionName} · {t.model}: <span data-verbatim="">{f.model.name}</span> ·{' '}
                {fmt(t.madeOn, { date: f.model.madeOn })}
              </span>
              {/* A stopped series' forecast starts after its last price, not today: say when that was. */}{' '}
              <StaleMark t={t} last={f.provenance.asOf} today={m.today} />
              {f.product.demo && <DemoTag t={t} />}
            </p>
            {f.model.lowConfidence && (
              <p className={ui.note} data-testid="low-confidence">
                <WarnTag>{t.lowConfidence}</WarnTag> {t.lowConfidenceBody}
              </p>
            )}
            <ForecastChart
              rows={rows}
              height={compact ? 240 : 320}
              compact={compact}
              names={{ history: t.history, mid: t.forecastMid, band80: t.band80, band95: t.band95 }}
              label={`${t.forecastTitle} ${f.product.name}: ${mid ? `${mid.date} ${F.price(m.lang, mid.mid, f.currency)} (${F.price(m.lang, mid.lo95, f.currency)} – ${F.price(m.lang, mid.hi95, f.currency)})` : ''}`}
              format={(v) => F.price(m.lang, v, f.currency)}
            />
            <div className={ui.tableScroll}>
              <table className={ui.table} data-testid="forecast-table">
                <caption>
                  {f.model.mase !== null
                    ? fmt(t.backtest, { model: f.model.mase.toFixed(2), naive: f.model.naiveMase?.toFixed(2) ?? '–' })
                    : t.backtestNone}
                </caption>
                <thead>
                  <tr>
                    <th>{t.colDate}</th>
                    <th className={ui.num}>{t.forecastMid}</th>
                    <th className={ui.num}>{t.band80}</th>
                    <th className={ui.num}>{t.band95}</th>
                  </tr>
                </thead>
                <tbody>
                  {f.forecast.map((p) => (
                    <tr key={p.date}>
                      <td>{p.date}</td>
                      <td className={ui.num}>{F.price(m.lang, p.mid, f.currency)}</td>
                      <td className={ui.num}>
                        {F.price(m.lang, p.lo80, f.currency)} – {F.price(m.lang, p.hi80, f.currency)}
                      </td>
                      <td className={ui.num}>
                        {F.price(m.lang, p.lo95, f.currency)} – {F.price(m.lang, p.hi95, f.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ProvenanceLine provenance={f.provenance} t={t} unitLabel={unitOf(t, f.product.unit, f.currency, m.lang)} />
            <ExportStatus m={m} t={t} kind="forecast" />
          </>
        );
      }}
    </ResultView>
  );
});

// ---- trend (priceTrend) ----

/** Says so when the server drew a long series with fewer points than it holds. */
function thinnedNote(tr: PriceTrendDTO, t: Props['t'], lang: string) {
  const s = tr.series.find((x) => x.observations > x.points.length);
  if (!s) return null;
  const n = new Intl.NumberFormat(lang);
  return (
    <p className={ui.note} data-testid="trend-thinned">
      {fmt(t.thinned, { observations: n.format(s.observations), points: n.format(s.points.length) })}
    </p>
  );
}

export const TrendBody = memo(function TrendBody({ m, t, compact }: Props) {
  const refused = m.trend.data instanceof RequestError ? lockOf(m.trend.data) : null;
  const allowed = m.trend.allowed;
  // Refused, but part of it is the viewer's: draw that part, the locks beside it.
  if (refused && !m.trend.loading && allowed?.data)
    return <TrendView m={m} t={t} compact={compact} tr={allowed.data} locks={allowed.locks} />;
  return (
    <ResultView<PriceTrendDTO>
      data={m.trend.data}
      loading={m.trend.loading}
      t={t}
      height={320}
      onRetry={() => void m.reload.trend()}
      onShowFrom={(from) => m.setFilters({ range: 'custom', from, to: m.today })}
    >
      {(tr) => <TrendView m={m} t={t} compact={compact} tr={tr} locks={NO_LOCKS} />}
    </ResultView>
  );
});

/** The lines of a trend answer as chart rows, with the locked start of the window the viewer asked for. */
function trendRows(tr: PriceTrendDTO, locks: Lock[], windowFrom: string) {
  const byDate = new Map<string, Row>();
  const series: SeriesSpec[] = [];
  tr.series.forEach((s) => {
    series.push({ key: `r:${s.regionId}`, label: s.regionName });
    for (const [date, price] of s.points)
      byDate.set(date, { ...(byDate.get(date) ?? { date }), [`r:${s.regionId}`]: price });
  });
  const primary = tr.series[0];
  for (const y of primary?.seasonal ?? []) {
    series.push({ key: `y:${y.year}`, label: `${primary?.regionName} ${y.year}`, dashed: true, muted: true });
    for (const [date, price] of y.points)
      byDate.set(date, { ...(byDate.get(date) ?? { date }), [`y:${y.year}`]: price });
  }
  const rows = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  // The locked start of the window the viewer asked for, shaded, as wide as the time it covers.
  const locked = locks.length > 0 && windowFrom < tr.from ? lockedDates(windowFrom, tr.from, tr.granularity) : [];
  const lockedUntil = locked.length > 0 ? rows[0]?.date : undefined;
  rows.unshift(...locked.map((date) => ({ date })));
  return { rows, series, lockedUntil };
}

function TrendView({ m, t, compact, tr, locks }: Props & { tr: PriceTrendDTO; locks: Lock[] }) {
  const { rows, series, lockedUntil } = useMemo(() => trendRows(tr, locks, m.window.from), [tr, locks, m.window.from]);
  const empty = tr.series.every((s) => s.points.length === 0);
  return (
    <>
      <p className={ui.provenance}>
        {/* One item of the line's flex row: its own separators, not the row's gaps, part its pieces. */}
        <span>
          {tr.product.name}
          {!tr.product.mapped && ` (${t.unmapped})`} · {t[tr.priceType]} ·{' '}
          <span data-testid="trend-unit">{unitOf(t, tr.product.unit, tr.currency, m.lang)}</span> · {tr.from} – {tr.to}
        </span>
        {tr.product.demo && <DemoTag t={t} />}
      </p>
      {m.product?.from && m.product.to && (
        <p className={ui.provenance} data-testid="coverage">
          {fmt(t.coverage, { from: m.product.from, to: m.product.to })}
        </p>
      )}
      <MovedNote m={m} t={t} movedTo={m.window.movedTo} />
      {locks.map((lock) => (
        <LockPanel key={`${lock.unlock.reason}:${lock.unlock.regionId}`} lock={lock} t={t} inline />
      ))}
      {empty ? (
        <StateBox title={t.empty} body={t.emptyHint} />
      ) : (
        <TrendChart
          rows={rows}
          series={series}
          height={compact ? 240 : 320}
          compact={compact}
          label={`${t.trendTitle} ${tr.product.name}`}
          format={(v) => F.price(m.lang, v, tr.currency)}
          lockedUntil={lockedUntil}
          lockedLabel={t.lockTitle}
        />
      )}
      {thinnedNote(tr, t, m.lang)}
      {tr.seasonalLocked.length > 0 && (
        <p className={ui.note}>{fmt(t.seasonalLocked, { years: tr.seasonalLocked.join(', ') })}</p>
      )}
      <div className={ui.tableScroll}>
        <table className={ui.table} data-testid="trend-stats">
          <thead>
            <tr>
              <th>{t.statsRegion}</th>
              <th className={ui.num}>{t.latestPrice}</th>
              <th className={ui.num}>{t.change}</th>
              <th className={ui.num}>{t.periodMin}</th>
              <th className={ui.num}>{t.periodMax}</th>
              <th className={ui.num}>{t.periodAvg}</th>
            </tr>
          </thead>
          <tbody>
            {tr.series.map((s) => (
              <tr key={s.regionId}>
                <td>
                  {s.regionName}
                  <StaleMark t={t} last={s.points.at(-1)?.[0]} today={m.today} />
                </td>
                <td className={ui.num}>{F.price(m.lang, s.stats.latest, tr.currency)}</td>
                <td className={ui.num}>
                  <Change lang={m.lang} pct={s.stats.changePct} />
                </td>
                <td className={ui.num}>{F.price(m.lang, s.stats.min, tr.currency)}</td>
                <td className={ui.num}>{F.price(m.lang, s.stats.max, tr.currency)}</td>
                <td className={ui.num}>{F.price(m.lang, s.stats.avg, tr.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ProvenanceLine provenance={tr.provenance} t={t} unitLabel={unitOf(t, tr.product.unit, tr.currency, m.lang)} />
      <ExportStatus m={m} t={t} kind="trend" />
    </>
  );
}

// ---- list ----

const PAGE = 30;

/** The public latest-price list (WebPrice), searchable, by category. */
export const PriceListBody = memo(function PriceListBody({ m, t, compact }: Props) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [shown, setShown] = useState(PAGE);
  const data: WebPriceDTO | undefined = m.webPrice.data;
  const lookups = useMemo(
    () => ({
      products: new Map((data?.products ?? []).map((p) => [p.code, p])),
      markets: new Map((data?.markets ?? []).map((x) => [x.id, x])),
    }),
    [data],
  );
  const categories = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of data?.products ?? []) seen.set(p.categoryCode, p.categoryName);
    return [...seen];
  }, [data]);
  const items = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (data?.items ?? []).flatMap((i) => {
      const product = lookups.products.get(i.product);
      const market = lookups.markets.get(i.market);
      if (!product || !market) return [];
      if (category && product.categoryCode !== category) return [];
      if (q && !`${product.name} ${market.name} ${market.provinceName} ${product.code}`.toLowerCase().includes(q))
        return [];
      return [{ ...i, product, market } satisfies ListItem];
    });
  }, [data, lookups, query, category]);
  if (m.webPrice.isLoading) return <SkeletonLines lines={6} label={t.loading} />;
  if (m.webPrice.error)
    return (
      <StateBox
        error
        title={m.webPrice.error.text}
        action={<Button onClick={() => void m.webPrice.refetch()}>{t.retry}</Button>}
      />
    );
  if (!data) return null;
  const wfp = data.sources.find((x) => !x.demo);
  return (
    <>
      <div className={ui.panelActions} style={{ marginBottom: 10 }}>
        <label className="visually-hidden" htmlFor="price-search">
          {t.listSearch}
        </label>
        <input
          id="price-search"
          className={ui.button}
          style={{ cursor: 'text', minWidth: compact ? 0 : 260, flex: compact ? 1 : undefined }}
          type="search"
          placeholder={t.listSearch}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setShown(PAGE);
          }}
        />
        <label className="visually-hidden" htmlFor="price-category">
          {t.listAll}
        </label>
        <select
          id="price-category"
          className={ui.button}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setShown(PAGE);
          }}
        >
          <option value="">{t.listAll}</option>
          {categories.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {items.length === 0 ? (
        <StateBox title={t.empty} />
      ) : (
        <div className={ui.tableScroll}>
          <table className={ui.table} data-testid="price-list">
            <thead>
              <tr>
                <th>{t.colProduct}</th>
                {!compact && <th>{t.colMarket}</th>}
                {!compact && <th>{t.colProvince}</th>}
                <th className={ui.num}>{t.colPrice}</th>
                {!compact && <th className={ui.num}>{t.colChange}</th>}
                <th>{t.colDate}</th>
                {!compact && <th>{t.colSource}</th>}
              </tr>
            </thead>
            <StaleSplit
              rows={items.slice(0, shown)}
              today={m.today}
              dateOf={(i) => i.date}
              t={t}
              columns={compact ? 3 : 7}
              row={(i: ListItem, stale) => (
                <tr key={`${i.product.code}|${i.market.id}|${i.priceType}`}>
                  <td className={compact ? ui.wrap : undefined}>
                    {i.product.name} {i.product.demo && <DemoTag t={t} />}
                    {compact && (
                      <span className={ui.sub}>
                        {i.market.name} · {i.market.provinceName}
                      </span>
                    )}
                  </td>
                  {!compact && <td>{i.market.name}</td>}
                  {!compact && <td>{i.market.provinceName}</td>}
                  <td className={ui.num}>
                    {F.price(m.lang, i.price, i.currency)}{' '}
                    <small>{unitOf(t, i.product.unit, i.currency, m.lang)}</small>
                    {compact && (
                      <span className={ui.sub}>
                        <Change lang={m.lang} pct={i.changePct} />
                      </span>
                    )}
                  </td>
                  {!compact && (
                    <td className={ui.num}>
                      <Change lang={m.lang} pct={i.changePct} />
                    </td>
                  )}
                  <td>
                    {stale ? (
                      <StaleMark t={t} last={i.date} today={m.today} dateOnly={compact} />
                    ) : compact ? (
                      i.date.slice(5)
                    ) : (
                      i.date
                    )}
                  </td>
                  {!compact && <td>{i.product.demo ? t.demo : (data.sources[i.source]?.name ?? '')}</td>}
                </tr>
              )}
            />
          </table>
        </div>
      )}
      {items.length > shown && (
        <p style={{ textAlign: 'center', marginTop: 10 }}>
          <Button onClick={() => setShown((n) => n + PAGE)}>
            {fmt(t.showMore, { n: Math.min(PAGE, items.length - shown), left: items.length - shown })}
          </Button>
        </p>
      )}
      <p className={ui.provenance} data-testid="list-provenance">
        {data.asOf && <span>{fmt(t.asOf, { date: data.asOf })}</span>}
        {data.fx.map((x) => (
          <UsdNote key={x.from} fx={x} t={t} />
        ))}
        {wfp && <span>{sourceText(t, wfp)}</span>}
        {data.items.some((i) => data.sources[i.source]?.demo) && <span>{t.demoNote}</span>}
      </p>
    </>
  );
});

// A day as long as any, for the place held by a line whose dates have not arrived.
const SOME_DAY = '2000-01-01';

/** The country shown: its markets, products, coverage and what its indexes follow (or that it has none). */
export function CountryLine({ m, t }: Props) {
  const c = m.country;
  // Until the countries arrive, the same line with stand-in figures holds its place, unseen: when
  // it appeared, every section below it moved down (a layout shift of 0.14 on a phone).
  if (!c && m.countries.isPending)
    return (
      <p className={ui.provenance} aria-hidden="true" style={{ visibility: 'hidden' }}>
        <span>{m.filters.country} · CNY</span>
        <span>{fmt(t.countryCoverage, { markets: 10, products: 10, from: SOME_DAY, to: SOME_DAY })}</span>
        <span>
          {fmt(t.indexBasis, {
            type: t.wholesale,
            currency: F.currencyLabel('CNY', m.lang),
            start: SOME_DAY,
            end: SOME_DAY,
          })}
        </span>
      </p>
    );
  if (!c) return null;
  return (
    <p className={ui.provenance} data-testid="country-line">
      <span>
        {c.name} · {F.currencyLabel(c.currency, m.lang)}
      </span>
      {c.from && c.to && (
        <span>{fmt(t.countryCoverage, { markets: c.markets, products: c.products, from: c.from, to: c.to })}</span>
      )}
      <span>
        {c.index
          ? fmt(t.indexBasis, {
              type: t[c.index.priceType],
              currency: F.currencyLabel(c.currency, m.lang),
              start: c.index.basePeriod.start,
              end: c.index.basePeriod.end,
            })
          : t.noIndex}
      </span>
    </p>
  );
}

/** The chosen region's latest price per product (PriceMenu): a lock for visitors outside the nation. */
export const RegionLatest = memo(function RegionLatest({ m, t, compact }: Props) {
  if (m.filters.region === m.nation) return null;
  const q = m.priceMenu;
  if (q.isLoading) return <SkeletonLines lines={3} label={t.loading} />;
  if (q.error) {
    const lock = lockOf(q.error);
    return lock ? <LockPanel lock={lock} t={t} compact={compact} /> : <StateBox error title={q.error.text} />;
  }
  const menu = q.data;
  if (!menu) return null;
  const items = menu.categories.flatMap((c) => c.products);
  return (
    <div className={ui.tableScroll}>
      <table className={ui.table} data-testid="region-latest">
        <caption>{fmt(t.regionLatest, { region: menu.regionName })}</caption>
        <thead>
          <tr>
            <th>{t.colProduct}</th>
            <th className={ui.num}>{t.colPrice}</th>
            <th className={ui.num}>{t.colChange}</th>
            <th>{t.colDate}</th>
          </tr>
        </thead>
        <StaleSplit
          rows={items}
          today={m.today}
          dateOf={(p) => p.latest.date}
          t={t}
          columns={4}
          row={(p, stale) => (
            <tr key={p.code}>
              <td>
                {p.name} {p.demo && <DemoTag t={t} />}
              </td>
              <td className={ui.num}>
                {F.price(m.lang, p.latest.price, menu.currency)}{' '}
                <small>{unitOf(t, p.unit, menu.currency, m.lang)}</small>
              </td>
              <td className={ui.num}>
                <Change lang={m.lang} pct={p.latest.changePct} />
              </td>
              <td>{stale ? <StaleMark t={t} last={p.latest.date} today={m.today} /> : p.latest.date}</td>
            </tr>
          )}
        />
      </table>
    </div>
  );
});

/**
 * Rows of a latest-price table: the fresh ones, then, under their own heading, those whose last
 * price is more than 60 days old (never listed as latest beside today's).
 */
function StaleSplit<R>({
  rows,
  today,
  dateOf,
  t,
  columns,
  row,
}: {
  rows: R[];
  today: string;
  dateOf: (r: R) => string;
  t: MarketT;
  columns: number;
  row: (r: R, stale: boolean) => ReactNode;
}) {
  const fresh = rows.filter((r) => !isStale(dateOf(r), today));
  const stale = rows.filter((r) => isStale(dateOf(r), today));
  return (
    <>
      {fresh.length > 0 && <tbody>{fresh.map((r) => row(r, false))}</tbody>}
      {stale.length > 0 && (
        <tbody data-testid="stale-rows">
          <tr className={ui.staleHead}>
            <th colSpan={columns} scope="colgroup">
              {fmt(t.staleGroup, { days: STALE_DAYS })}
            </th>
          </tr>
          {stale.map((r) => row(r, true))}
        </tbody>
      )}
    </>
  );
}

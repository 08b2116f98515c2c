import type { PlanColumn, PlanComparison } from '@/lib/shared/plans';
import { fmt } from '@/lib/i18n/format';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { rangeSavingPct } from '@/lib/shared/range-saving';
import { yuan } from '@/lib/shared/format';
import { pick } from '@/lib/shared/names';
import s from './plan-comparison.module.css';

type T = Awaited<ReturnType<typeof getMessages>>['plans'];
type Row = { key: string; label: string; cell: (c: PlanColumn) => React.ReactNode };

/**
 * Visitor, Free and each level side by side (docs/pricing.md "Comparing the levels"): rendered
 * on the server as a plain table, so it costs the page no script; on a phone it scrolls sideways
 * with the feature names held in place.
 */
export async function PlanComparisonTable({ plans }: { plans: PlanComparison }) {
  const locale = await getLocale();
  const t = (await getMessages(locale)).plans;
  const rows = comparisonRows(t, locale);
  const names = plans.countries.map((c) => pick(locale, c.nameZh, c.nameEn)).join(locale === 'zh-CN' ? '、' : ', ');
  return (
    <section className={s.wrap} aria-labelledby="plan-comparison-title" data-testid="plan-comparison">
      <h2 id="plan-comparison-title" className={s.title}>
        {t.title}
      </h2>
      <p className={s.lead}>{t.lead}</p>
      {/* A region that scrolls sideways is focusable, so a keyboard can scroll it. */}
      <div className={s.scroller} tabIndex={0} role="region" aria-labelledby="plan-comparison-title">
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col" className={s.feature}>
                {t.feature}
              </th>
              {plans.columns.map((c) => (
                <th
                  key={c.code}
                  scope="col"
                  className={c.recommended ? s.recommended : undefined}
                  data-testid={`plan-${c.code}`}
                >
                  <span className={s.planName}>{pick(locale, c.nameZh, c.nameEn)}</span>
                  {c.recommended && <span className={s.badge}>{t.recommended}</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-testid={`plan-row-${r.key}`}>
                <th scope="row" className={s.feature}>
                  {r.label}
                </th>
                {plans.columns.map((c) => (
                  <td key={c.code} className={c.recommended ? s.recommended : undefined}>
                    {r.cell(c)}
                  </td>
                ))}
              </tr>
            ))}
            <tr data-testid="plan-row-countries">
              <th scope="row" className={s.feature}>
                {t.countries}
              </th>
              <td colSpan={plans.columns.length}>
                {plans.countries.length ? fmt(t.countriesAll, { count: plans.countries.length, names }) : t.none}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}

function comparisonRows(t: T, locale: 'en' | 'zh-CN'): Row[] {
  const yesNo = (v: boolean) => <span className={v ? s.yes : s.no}>{v ? t.yes : t.no}</span>;
  const period = (months: number) =>
    months % 12 === 0 ? fmt(t.historyYears, { years: months / 12 }, locale) : fmt(t.historyMonths, { months }, locale);
  return [
    {
      key: 'price',
      label: t.price,
      cell: (c) => {
        if (c.code === 'visitor') return t.priceVisitor;
        if (!c.forSale || !c.prices.length) return t.priceFree;
        const monthly = c.prices.find((p) => p.months === 1);
        return (
          <ul className={s.prices}>
            {monthly && <li className={s.from}>{fmt(t.priceFrom, { price: yuan(monthly.priceFen) })}</li>}
            {c.prices
              .filter((p) => p.months > 1)
              .map((p) => {
                const pct = rangeSavingPct(c.prices, p.months);
                const text = fmt(pct ? t.saving : '{price} / {period}', {
                  price: yuan(p.priceFen),
                  period: period(p.months),
                  pct: pct ?? 0,
                });
                return <li key={p.months}>{text}</li>;
              })}
          </ul>
        );
      },
    },
    {
      key: 'history',
      label: t.history,
      cell: (c) => ('days' in c.history ? fmt(t.historyDays, { days: c.history.days }) : period(c.history.months)),
    },
    {
      key: 'regions',
      label: t.regions,
      cell: (c) =>
        c.regionDepth === 'market'
          ? t.regionMarket
          : c.regionDepth === 'province'
            ? t.regionProvince
            : t.regionNational,
    },
    { key: 'forecasts', label: t.forecasts, cell: (c) => yesNo(c.forecast) },
    { key: 'exports', label: t.exports, cell: (c) => yesNo(c.export) },
    { key: 'discount', label: t.discount, cell: (c) => (c.discountPct ? `${c.discountPct}%` : t.none) },
    {
      key: 'api',
      label: t.api,
      cell: (c) =>
        c.apiCallsPerDay
          ? fmt(t.apiCalls, { calls: c.apiCallsPerDay.toLocaleString(locale === 'zh-CN' ? 'zh-CN' : 'en-US') })
          : yesNo(false),
    },
  ];
}

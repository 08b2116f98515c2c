import { fmt } from '@/lib/i18n/format';
import { forecastRecordEn } from '@/lib/i18n/messages/forecast-record.en';
import { forecastRecordZhCN } from '@/lib/i18n/messages/forecast-record.zh-cn';
import type { Locale } from '@/lib/shared/locale';
import { formatDate } from '@/lib/shared/dates';
import s from './forecast-record.module.css';

type T = typeof forecastRecordEn;
export const recordTexts = (locale: Locale): T => (locale === 'zh-CN' ? forecastRecordZhCN : forecastRecordEn);

/** One row of the record: a group of series and how their forecasts did (docs/market-data.md#forecast-record). */
export type RecordGroup = {
  series: number;
  forecasts: number;
  etsMase: number | null;
  snaiveMase: number | null;
  ratio: number | null;
  snaiveShown: number;
  cover80: number | null;
  cover95: number | null;
};
export type RecordView = {
  computedAt: string;
  dataThrough: string | null;
  overall: RecordGroup;
  countries: { code: string; name: string; group: RecordGroup }[];
  products: { country: string; countryName: string; code: string; name: string; group: RecordGroup }[];
};

const percent = (locale: Locale, x: number | null) =>
  x === null ? '–' : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(x);
const two = (x: number | null) => (x === null ? '–' : x.toFixed(2));

/** Which forecast the portal shows for a group's series, said in words. */
function shown(t: T, g: RecordGroup) {
  if (g.snaiveShown === 0) return t.shownModel;
  if (g.snaiveShown === g.series) return t.shownNaive;
  return fmt(t.shownMixed, { n: g.snaiveShown, of: g.series });
}

function GroupCells({ g, locale, t }: { g: RecordGroup; locale: Locale; t: T }) {
  const worse = g.ratio !== null && g.ratio >= 1;
  return (
    <>
      <td className={s.num}>{g.series}</td>
      <td className={s.num}>{new Intl.NumberFormat(locale).format(g.forecasts)}</td>
      <td className={s.num}>{two(g.etsMase)}</td>
      <td className={s.num}>{two(g.snaiveMase)}</td>
      <td className={worse ? `${s.num} ${s.worse}` : s.num}>{two(g.ratio)}</td>
      <td className={s.num}>{percent(locale, g.cover80)}</td>
      <td className={s.num}>{percent(locale, g.cover95)}</td>
      <td className={worse || g.snaiveShown === g.series ? s.worse : undefined}>{shown(t, g)}</td>
    </>
  );
}

function Head({ first, t }: { first: string; t: T }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className={s.num}>
          {t.colSeries}
        </th>
        <th scope="col" className={s.num}>
          {t.colForecasts}
        </th>
        <th scope="col" className={s.num}>
          {t.colModel}
        </th>
        <th scope="col" className={s.num}>
          {t.colNaive}
        </th>
        <th scope="col" className={s.num}>
          {t.colRatio}
        </th>
        <th scope="col" className={s.num}>
          {t.colHeld80}
        </th>
        <th scope="col" className={s.num}>
          {t.colHeld95}
        </th>
        <th scope="col">{t.colShown}</th>
      </tr>
    </thead>
  );
}

/** /functionality/forecastRecord and its mobile page: the published forecast record, as the page module reads it. */
export function ForecastRecordPage({
  mobile,
  locale,
  view,
  needed,
}: {
  mobile: boolean;
  locale: Locale;
  view: RecordView | null;
  /** Observed months a forecast needs. */
  needed: number;
}) {
  const t = recordTexts(locale);
  const o = view?.overall;
  return (
    <article className={mobile ? `${s.page} ${s.mobile}` : `container ${s.page}`} aria-labelledby="record-title">
      <h1 id="record-title">{t.title}</h1>
      <p className={s.lead}>{fmt(t.lead, { needed })}</p>
      {!view || !o || o.series === 0 ? (
        <p className={s.empty} role="status">
          {t.none}
        </p>
      ) : (
        <>
          <p className={s.meta} data-testid="record-computed">
            {fmt(t.computed, {
              date: formatDate(view.computedAt, locale),
              month: view.dataThrough?.slice(0, 7) ?? '–',
            })}
          </p>
          <section className={s.headline} aria-label={t.overall} data-testid="record-overall">
            <p>
              {fmt(o.ratio !== null && o.ratio < 1 ? t.headline : t.headlineWorse, {
                model: two(o.etsMase),
                naive: two(o.snaiveMase),
                ratio: percent(locale, o.ratio),
              })}
            </p>
            <ul>
              <li data-testid="record-held80">{fmt(t.held80, { pct: percent(locale, o.cover80) })}</li>
              <li data-testid="record-held95">{fmt(t.held95, { pct: percent(locale, o.cover95) })}</li>
            </ul>
          </section>
          <h2>{t.byCountry}</h2>
          <div className={s.scroll}>
            <table className={s.table} data-testid="record-countries">
              <caption>{t.caption}</caption>
              <Head first={t.colCountry} t={t} />
              <tbody>
                {view.countries.map((c) => (
                  <tr key={c.code}>
                    <th scope="row">{c.name}</th>
                    <GroupCells g={c.group} locale={locale} t={t} />
                  </tr>
                ))}
                <tr className={s.total}>
                  <th scope="row">{t.overall}</th>
                  <GroupCells g={o} locale={locale} t={t} />
                </tr>
              </tbody>
            </table>
          </div>
          <h2>{t.byProduct}</h2>
          <div className={s.scroll}>
            <table className={s.table} data-testid="record-products">
              <caption>{t.caption}</caption>
              <Head first={t.colProduct} t={t} />
              {view.countries.map((c) => (
                <tbody key={c.code}>
                  <tr className={s.group}>
                    <th scope="colgroup" colSpan={9}>
                      {c.name}
                    </th>
                  </tr>
                  {view.products
                    .filter((p) => p.country === c.code)
                    .map((p) => (
                      <tr key={`${p.country}|${p.code}`}>
                        <th scope="row" data-verbatim="">
                          {p.name}
                        </th>
                        <GroupCells g={p.group} locale={locale} t={t} />
                      </tr>
                    ))}
                </tbody>
              ))}
            </table>
          </div>
        </>
      )}
      <section aria-labelledby="record-method">
        <h2 id="record-method">{t.methodTitle}</h2>
        {t.method.map((p) => (
          <p key={p.slice(0, 24)}>{fmt(p, { needed })}</p>
        ))}
      </section>
    </article>
  );
}

import type { DataStatusDTO, PriceStatus, RateStatus } from '@/lib/api/schemas/data-status';
import { fmt } from '@/lib/i18n/format';
import type { Messages } from '@/lib/i18n/types';
import type { Locale } from '@/lib/shared/locale';
import s from './data-status.module.css';

type T = Messages['dataStatus'];

/** An import's time as the page shows it, the same on every visit of the cached page: "2026-11-28 05:26 UTC". */
const when = (t: T, iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : t.unknown);

function Status({ t, current }: { t: T; current: boolean }) {
  return <span className={current ? s.current : s.archive}>{current ? t.current : t.archive}</span>;
}

/** The source, its licence and the line its data must carry (one cell: the table fits 1024 px). */
function sourceCell(p: PriceStatus, t: T) {
  return (
    <>
      {p.source.name}
      {p.source.demo && <span className={s.note}>{t.demo}</span>}
      <span className={s.note}>
        {t.licence}: {p.source.licence} · {p.source.attribution}
      </span>
    </>
  );
}

function rateSource(r: RateStatus, t: T) {
  return r.implied ? fmt(t.implied, { source: r.source.name }) : `${r.source.name} · ${t.published}`;
}

/**
 * The data status page (docs/market-data.md, "Data status"): per country and price source, what
 * the portal holds and how fresh it is; then the exchange rates. A table on a desktop, a card per
 * row on a phone. Server-rendered, no UI kit (docs/decisions/no-antd-on-public-pages.md).
 */
export function DataStatusPage({
  status,
  t,
  mobile,
  marketPath,
}: {
  status: DataStatusDTO;
  t: T;
  locale: Locale;
  mobile: boolean;
  marketPath: string;
}) {
  const link = (code: string) => `${marketPath}?country=${code}`;
  return (
    <article className={mobile ? `${s.page} ${s.mobile}` : `container ${s.page}`} aria-labelledby="status-title">
      <h1 id="status-title">{t.title}</h1>
      <p className={s.lead}>{fmt(t.lead, { days: status.currentDays })}</p>
      <p className={s.asOf}>{fmt(t.asOf, { date: status.asOf })}</p>

      <section aria-labelledby="status-prices">
        <h2 id="status-prices">{t.pricesTitle}</h2>
        {status.prices.length === 0 ? (
          <p>{t.none}</p>
        ) : mobile ? (
          <ul className={s.cards} data-testid="status-prices">
            {status.prices.map((p) => (
              <li key={`${p.countryCode}|${p.source.name}`} className={s.card}>
                <h3>
                  <a href={link(p.countryCode)}>{p.country}</a> <Status t={t} current={p.current} />
                </h3>
                <dl>
                  <dt>{t.source}</dt>
                  <dd>{sourceCell(p, t)}</dd>
                  <dt>{t.coverage}</dt>
                  <dd>{fmt(t.span, { from: p.from, to: p.to })}</dd>
                  <dt>
                    {t.products} / {t.markets}
                  </dt>
                  <dd>
                    {p.products} / {p.markets}
                  </dd>
                  <dt>{t.frequency}</dt>
                  <dd>{t[p.frequency]}</dd>
                  <dt>{t.lastPrice}</dt>
                  <dd>{p.to}</dd>
                  <dt>{t.lastImport}</dt>
                  <dd>{when(t, p.lastImport)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <div className={s.scroll}>
            <table className={s.table} data-testid="status-prices">
              <thead>
                <tr>
                  <th scope="col">{t.country}</th>
                  <th scope="col">{t.source}</th>
                  <th scope="col">{t.coverage}</th>
                  <th scope="col" className={s.num}>
                    {t.products}
                  </th>
                  <th scope="col" className={s.num}>
                    {t.markets}
                  </th>
                  <th scope="col">{t.frequency}</th>
                  <th scope="col">{t.lastPrice}</th>
                  <th scope="col">{t.lastImport}</th>
                  <th scope="col">{t.status}</th>
                </tr>
              </thead>
              <tbody>
                {status.prices.map((p) => (
                  <tr key={`${p.countryCode}|${p.source.name}`}>
                    <th scope="row">
                      <a href={link(p.countryCode)}>{p.country}</a>
                    </th>
                    <td>{sourceCell(p, t)}</td>
                    <td className={s.nowrap}>{fmt(t.span, { from: p.from, to: p.to })}</td>
                    <td className={s.num}>{p.products}</td>
                    <td className={s.num}>{p.markets}</td>
                    <td>{t[p.frequency]}</td>
                    <td className={s.nowrap}>{p.to}</td>
                    <td className={s.nowrap}>{when(t, p.lastImport)}</td>
                    <td>
                      <Status t={t} current={p.current} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="status-rates">
        <h2 id="status-rates">{t.ratesTitle}</h2>
        <p className={s.lead}>{t.ratesLead}</p>
        {mobile ? (
          <ul className={s.cards} data-testid="status-rates">
            {status.rates.map((r) => (
              <li key={`${r.currency}|${r.source.name}`} className={s.card}>
                <h3>
                  {r.currency} <span className={r.used ? s.current : s.muted}>{r.used ? t.usedYes : t.usedNo}</span>
                </h3>
                <dl>
                  <dt>{t.source}</dt>
                  <dd>{rateSource(r, t)}</dd>
                  <dt>{t.coverage}</dt>
                  <dd>
                    {fmt(t.span, { from: r.from, to: r.to })} ({r.months})
                  </dd>
                  <dt>{t.lastImport}</dt>
                  <dd>{when(t, r.lastImport)}</dd>
                  <dt>{t.licence}</dt>
                  <dd>{r.source.licence}</dd>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <div className={s.scroll}>
            <table className={s.table} data-testid="status-rates">
              <thead>
                <tr>
                  <th scope="col">{t.currency}</th>
                  <th scope="col">{t.source}</th>
                  <th scope="col">{t.coverage}</th>
                  <th scope="col" className={s.num}>
                    {t.months}
                  </th>
                  <th scope="col">{t.lastImport}</th>
                  <th scope="col">{t.licence}</th>
                  <th scope="col">{t.use}</th>
                </tr>
              </thead>
              <tbody>
                {status.rates.map((r) => (
                  <tr key={`${r.currency}|${r.source.name}`}>
                    <th scope="row">{r.currency}</th>
                    <td>{rateSource(r, t)}</td>
                    <td className={s.nowrap}>{fmt(t.span, { from: r.from, to: r.to })}</td>
                    <td className={s.num}>{r.months}</td>
                    <td className={s.nowrap}>{when(t, r.lastImport)}</td>
                    <td>{r.source.licence}</td>
                    <td>
                      <span className={r.used ? s.current : s.muted}>{r.used ? t.usedYes : t.usedNo}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  );
}

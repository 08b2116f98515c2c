import { EmbedChart } from '@/components/content/embed/embed-chart';
import s from '@/components/content/embed/embed.module.css';
import { parseFilters, serializeFilters, windowOf } from '@/components/shared/market/filters';
import * as F from '@/components/shared/market/format';
import type { PriceTrendDTO } from '@/lib/api/schemas/market';
import { fmt } from '@/lib/i18n/format';
import { dictionaries } from '@/lib/i18n/messages';
import { ANONYMOUS } from '@/lib/server/access/viewer';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { accessCtx } from '@/lib/server/services/market/read/access';
import { priceTrend } from '@/lib/server/services/market/read/trend';
import { siteName, siteUrl } from '@/lib/server/site';
import { todayUtc } from '@/lib/shared/dates';
import { mayRedistribute } from '@/lib/shared/licence';
import { localeUrl } from '@/lib/routing/locale-url';
import type { Locale } from '@/lib/shared/locale';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const EMBED_POINTS = 400;

/** The series a visitor of the market page sees, or why there is none to embed. */
async function load(search: string, lang: Locale) {
  const now = new Date();
  const f = parseFilters(search, undefined);
  if (!f.product) return { error: 'notFound' as const, f };
  const w = windowOf(f, todayUtc(now));
  try {
    const t = (
      await priceTrend(accessCtx(await getDb(), ANONYMOUS, now, lang), {
        productCode: f.product,
        regionIds: [f.region, ...f.compare],
        from: w.from,
        to: w.to,
        granularity: f.granularity,
        priceType: f.priceType,
        seasonal: false,
        points: EMBED_POINTS,
        currency: f.currency,
        export: false,
      })
    ).value();
    // Figures whose licence forbids republishing are not embedded, whoever may see them here.
    if (!t.provenance.sources.every((x) => x.demo || mayRedistribute(x.licence)))
      return { error: 'locked' as const, f };
    return { trend: t, f };
  } catch (e) {
    if (e instanceof ApiError) return { error: e.code === 403 ? ('locked' as const) : ('notFound' as const), f };
    throw e;
  }
}

/**
 * /embed/trend?… — the market page's trend as others may frame it (the only pages that may be
 * framed: proxy.ts gives them frame-ancestors *). The query is the market page's own, plus `lang`;
 * only what every visitor may see is drawn, and every drawing names its source and links back.
 */
export default async function EmbedTrend({ searchParams }: Props) {
  const params = await searchParams;
  const lang: Locale = params.lang === 'zh-CN' ? 'zh-CN' : 'en';
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (typeof v === 'string' && k !== 'lang' ? [[k, v]] : [])),
  ).toString();
  const t = dictionaries[lang].embed;
  const m = dictionaries[lang].market;
  const site = siteName(lang);
  const { trend, error, f } = await load(query ? `?${query}` : '', lang);
  // The same view on the portal, in the embed's language (docs/screens.md, "Languages in the URL").
  const portal = `${siteUrl()}${localeUrl(lang, '/functionality')}${serializeFilters(f)}`;
  const back = (
    <a href={portal} target="_blank" rel="noopener">
      {fmt(t.viewOn, { site })}
    </a>
  );
  if (!trend)
    return (
      <main className={`${s.embed} ${s.locked}`} lang={lang}>
        <p>{fmt(error === 'locked' ? t.locked : t.notFound, { site })}</p>
        <p className={s.foot}>{back}</p>
      </main>
    );
  // A window without prices (the default 90 days of a series that ended earlier) says so, not an empty frame.
  if (!trend.series.some((x) => x.points.length))
    return (
      <main className={`${s.embed} ${s.locked}`} lang={lang}>
        <p>{fmt(t.empty, { from: trend.from, to: trend.to, site })}</p>
        <p className={s.foot}>{back}</p>
      </main>
    );
  const unit = `${F.currencyLabel(trend.currency, lang)}/${F.unitLabel(trend.product.unit, m)}`;
  const lines = trend.series.map((x) => ({
    name: x.regionName,
    points: x.points.map((p) => [p[0], p[1]] as [string, number]),
  }));
  const title = fmt(t.trendTitle, { product: trend.product.name, region: lines.map((l) => l.name).join(' / ') });
  const first = lines[0]?.points ?? [];
  const sources = trend.provenance.sources.map((x) => (x.demo ? x.name : `${x.name} (${x.licence})`)).join('; ');
  return (
    <main className={s.embed} lang={lang}>
      <h1 className={s.title}>{title}</h1>
      <p className={s.sub}>
        {fmt(t.trendSub, { priceType: t[trend.priceType], unit, from: trend.from, to: trend.to })}
      </p>
      {lines.length > 1 && (
        <ul className={s.keys}>
          {lines.map((l, i) => (
            <li key={l.name}>
              <i style={{ background: ['#0f7b5f', '#e59a1a', '#0e7c86', '#8e44ad', '#c0392b'][i % 5] }} />
              {l.name}
            </li>
          ))}
        </ul>
      )}
      <EmbedChart
        lines={lines}
        valueText={(v) => F.price(lang, v, trend.currency)}
        label={fmt(t.chartLabel, {
          title,
          n: first.length,
          from: first[0]?.[0] ?? '',
          to: first.at(-1)?.[0] ?? '',
          last: F.price(lang, first.at(-1)?.[1], trend.currency),
        })}
      />
      <p className={s.foot}>
        {fmt(t.source, { sources })} · {trend.provenance.asOf && fmt(t.asOf, { date: trend.provenance.asOf })} · {back}
      </p>
      <DataTable trend={trend} lang={lang} dateLabel={t.date} summary={t.data} />
    </main>
  );
}

function DataTable({
  trend,
  lang,
  dateLabel,
  summary,
}: {
  trend: PriceTrendDTO;
  lang: Locale;
  dateLabel: string;
  summary: string;
}) {
  const dates = [...new Set(trend.series.flatMap((x) => x.points.map((p) => p[0])))].sort();
  const byRegion = trend.series.map((x) => new Map(x.points.map((p) => [p[0], p[1]])));
  return (
    <details className={s.data}>
      <summary>{summary}</summary>
      <table>
        <thead>
          <tr>
            <th>{dateLabel}</th>
            {trend.series.map((x) => (
              <th key={x.regionId}>{x.regionName}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dates.map((d) => (
            <tr key={d}>
              <th>{d}</th>
              {byRegion.map((r, i) => (
                <td key={trend.series[i]!.regionId}>{F.price(lang, r.get(d), trend.currency)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

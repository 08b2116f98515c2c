import 'server-only';
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../../db/client';
import { countries, dataSources, fxRates, latestPrices, productSources, regions } from '../../../db/schema';
import { CURRENT_DAYS, frequencyOf, isCurrent } from '../../../market/coverage';
import type { DataStatusDTO, PriceStatus, RateStatus } from '@/lib/api/schemas/data-status';
import { VersionedCache } from '../cache';
import { pick } from '@/lib/shared/names';
import type { Lang } from './catalogue';

/**
 * The public data status page (docs/market-data.md, "Data status"): per country and price
 * source, what the portal holds — coverage, products and markets, rhythm, last price, last
 * import, licence — and per currency the exchange rates USD figures use. Kept per data version
 * (every import moves it); whether a last price is current is decided for the day asked.
 */

type Raw = {
  prices: (Omit<PriceStatus, 'country' | 'current'> & { nameZh: string; nameEn: string; sort: number })[];
  rates: RateStatus[];
};
const cache = new VersionedCache<Raw>(2);

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

async function load(db: Db): Promise<Raw> {
  const [ps, l, r, c, s] = [productSources, latestPrices, regions, countries, dataSources];
  const spans = await query<{
    country: string;
    source: number;
    lo: string;
    hi: string;
    products: string;
    imported: Date | string | null;
  }>(
    db,
    sql`SELECT ${ps.countryCode} AS country, ${ps.sourceId} AS source, to_char(min(${ps.firstDay}), 'YYYY-MM-DD') AS lo,
          to_char(max(${ps.lastDay}), 'YYYY-MM-DD') AS hi, count(DISTINCT ${ps.productNum}) AS products, max(${ps.importedAt}) AS imported
        FROM ${ps} GROUP BY 1, 2`,
  );
  // Markets with a price of the source, and its rhythm: both from each series' last two prices, as
  // the About page's claims count them (home-figures.ts, lib/server/market/coverage.ts).
  const markets = await query<{ country: string; source: number; markets: string; gap: number | string | null }>(
    db,
    sql`SELECT ${r.countryCode} AS country, ${l.sourceId} AS source, count(DISTINCT ${l.marketNum}) AS markets,
          min(${l.day} - ${l.prevDay}) AS gap
        FROM ${l} JOIN ${r} ON ${r.num} = ${l.marketNum} GROUP BY 1, 2`,
  );
  const sources = new Map(
    (await db.select().from(s)).map((x) => [
      x.id,
      {
        ref: { name: x.name, licence: x.licence, attribution: x.attribution, demo: x.isDemo },
        importedAt: x.importedAt,
      },
    ]),
  );
  const names = new Map((await db.select().from(c)).map((x) => [x.code, x]));
  const key = (a: { country: string; source: number }) => `${a.country}|${Number(a.source)}`;
  const marketsBy = new Map(markets.map((m) => [key(m), m]));
  const prices: Raw['prices'] = spans.flatMap((x) => {
    const source = sources.get(Number(x.source));
    const country = names.get(x.country);
    if (!source || !country) return [];
    const mk = marketsBy.get(key(x));
    return [
      {
        countryCode: x.country,
        nameZh: country.nameZh,
        nameEn: country.nameEn,
        sort: country.sort,
        currency: country.currency,
        source: source.ref,
        from: x.lo,
        to: x.hi,
        products: Number(x.products),
        markets: Number(mk?.markets ?? 0),
        frequency: frequencyOf(mk?.gap ?? null),
        lastImport: iso(x.imported),
      },
    ];
  });

  const f = fxRates;
  const rateRows = await query<{
    currency: string;
    source: number;
    implied: boolean;
    lo: string;
    hi: string;
    n: string;
  }>(
    db,
    sql`SELECT ${f.currency} AS currency, ${f.sourceId} AS source, bool_or(${f.rows} IS NOT NULL) AS implied,
          to_char(min(${f.month}), 'YYYY-MM') AS lo, to_char(max(${f.month}), 'YYYY-MM') AS hi, count(*) AS n
        FROM ${f} GROUP BY 1, 2 ORDER BY 1, 3, 6 DESC`,
  );
  // The price source an implied rate comes from was last read when its prices were.
  const priceImport = new Map<number, string | null>();
  for (const x of spans) {
    const t = iso(x.imported);
    const had = priceImport.get(Number(x.source));
    if (had === undefined || (t && (!had || t > had))) priceImport.set(Number(x.source), t);
  }
  const used = new Set<string>();
  const rates: RateStatus[] = rateRows.flatMap((x) => {
    const source = sources.get(Number(x.source));
    if (!source) return [];
    const implied = x.implied === true || String(x.implied) === 'true';
    // Rows come published first, then by months: the first of a currency is the one used (read/fx.ts).
    const isUsed = !used.has(x.currency);
    used.add(x.currency);
    return [
      {
        currency: x.currency,
        source: source.ref,
        implied,
        used: isUsed,
        from: x.lo,
        to: x.hi,
        months: Number(x.n),
        lastImport: implied ? (priceImport.get(Number(x.source)) ?? null) : iso(source.importedAt),
      },
    ];
  });
  return { prices, rates };
}

/** The data status for a day (YYYY-MM-DD) in a language: countries China first, then by name; sources by name. */
export async function dataStatus(db: Db, lang: Lang, today: string): Promise<DataStatusDTO> {
  const raw = await cache.get(db, 'status', () => load(db));
  const prices = raw.prices
    .map(({ nameZh, nameEn, sort, ...p }) => ({
      ...p,
      country: pick(lang, nameZh, nameEn),
      sort,
      current: isCurrent(p.to, today),
    }))
    .sort((a, b) => a.sort - b.sort || a.country.localeCompare(b.country) || a.source.name.localeCompare(b.source.name))
    .map(({ sort: _sort, ...p }) => p);
  // Only the currencies of countries with prices: H.10's forty years of the franc are not the portal's.
  const shown = new Set(prices.map((p) => p.currency));
  return {
    asOf: today,
    currentDays: CURRENT_DAYS,
    prices,
    rates: raw.rates.filter((r) => shown.has(r.currency)),
  };
}

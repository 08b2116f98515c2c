import 'server-only';
import { isPublished } from './news';
import { isDocumentPublished } from './documents';
import { count, eq, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locale';
import { frequencyOf } from '../../market/coverage';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import {
  dataSources,
  documents,
  latestPrices,
  news,
  priceObservations,
  productSources,
  regions,
} from '../../db/schema';

type FigureDef = {
  key: string;
  label: Record<Locale, string>;
  /** What exists now, read from the live database. */
  count: (db: Db, now: Date) => Promise<number>;
};

const n = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/** Markets and products count only where they have a price (latest_prices holds one row per series). */
const marketsWithPrices = sql<number>`count(distinct ${latestPrices.marketNum})`;

/**
 * The home page's "numerical" band (docs/screens.md home): one entry per figure, in
 * display order, each counted from the data, so the page says what the database holds (and
 * nothing about the site's users). Prices, markets and products count only what has a price;
 * the generated demo prices are not counted as observations (docs/content.md#claims).
 * Add a figure by adding an entry.
 */
export const HOME_FIGURES: readonly FigureDef[] = [
  {
    key: 'prices',
    label: { en: 'observed prices (demo data not counted)', 'zh-CN': '条实测价格（不含演示数据）' },
    count: async (db) =>
      n(
        await db
          .select({ n: count() })
          .from(priceObservations)
          .innerJoin(dataSources, eq(dataSources.id, priceObservations.sourceId))
          .where(eq(dataSources.isDemo, false)),
      ),
  },
  {
    key: 'products',
    label: { en: 'products with prices', 'zh-CN': '种有价格的产品' },
    count: async (db) =>
      n(await db.select({ n: sql<number>`count(distinct ${latestPrices.productNum})` }).from(latestPrices)),
  },
  {
    key: 'markets',
    label: { en: 'markets with prices', 'zh-CN': '个有价格的市场' },
    count: async (db) => n(await db.select({ n: marketsWithPrices }).from(latestPrices)),
  },
  {
    key: 'countries',
    label: { en: 'countries', 'zh-CN': '个国家和地区' },
    count: async (db) =>
      n(
        await db
          .select({ n: sql<number>`count(distinct ${regions.countryCode})` })
          .from(latestPrices)
          .innerJoin(regions, eq(regions.num, latestPrices.marketNum)),
      ),
  },
  {
    key: 'news',
    label: { en: 'news articles', 'zh-CN': '篇资讯' },
    count: async (db, now) => n(await db.select({ n: count() }).from(news).where(isPublished(now))),
  },
  {
    key: 'documents',
    label: { en: 'documents and guides', 'zh-CN': '篇文档与指南' },
    count: async (db, now) => n(await db.select({ n: count() }).from(documents).where(isDocumentPublished(now))),
  },
];

export type HomeFigure = { key: string; label: string; value: number };

/** Every figure of HOME_FIGURES, counted now. */
export async function homeFigures(db: Db, locale: Locale, now = new Date()): Promise<HomeFigure[]> {
  const values = await Promise.all(HOME_FIGURES.map((f) => f.count(db, now)));
  return HOME_FIGURES.map((f, i) => ({ key: f.key, label: f.label[locale], value: values[i]! }));
}

const province = alias(regions, 'province');

export type CoverageGroup = {
  cadence: 'daily' | 'monthly';
  /** The generated demo prices, never presented as observed ones. */
  demo: boolean;
  sources: string[];
  markets: number;
  provinces: number;
  /** First and last day with a price. */
  from: string;
  to: string;
};

/**
 * What the About page may claim about one country's prices (docs/content.md#claims): markets and
 * provinces that have a price, split by cadence (daily or monthly) and by demo or observed data,
 * each with its sources and span; and the markets with a price per province.
 */
export async function marketCoverage(db: Db, locale: Locale, country = 'CHN') {
  const lp = latestPrices;
  const rows = await db
    .select({
      market: regions.id,
      province: province.id,
      nameZh: province.nameZh,
      nameEn: province.nameEn,
      source: dataSources.name,
      sourceId: dataSources.id,
      demo: dataSources.isDemo,
      gap: sql<number | null>`min(${lp.day} - ${lp.prevDay})`,
      last: sql<string>`max(${lp.day})::text`,
    })
    .from(lp)
    .innerJoin(regions, eq(regions.num, lp.marketNum))
    .innerJoin(province, eq(province.id, regions.provinceId))
    .innerJoin(dataSources, eq(dataSources.id, lp.sourceId))
    .where(eq(regions.countryCode, country))
    .groupBy(
      regions.id,
      province.id,
      province.nameZh,
      province.nameEn,
      dataSources.name,
      dataSources.id,
      dataSources.isDemo,
    );
  const firsts = await db
    .select({ sourceId: productSources.sourceId, first: sql<string>`min(${productSources.firstDay})::text` })
    .from(productSources)
    .where(eq(productSources.countryCode, country))
    .groupBy(productSources.sourceId);
  const firstOf = new Map(firsts.map((f) => [f.sourceId, f.first]));

  type Acc = Omit<CoverageGroup, 'markets' | 'provinces' | 'sources'> & {
    markets: Set<string>;
    provinces: Set<string>;
    sources: Set<string>;
  };
  const groups = new Map<string, Acc>();
  const perProvince = new Map<string, { name: string; markets: Set<string> }>();
  for (const r of rows) {
    const cadence = frequencyOf(r.gap);
    const key = `${r.demo}|${cadence}`;
    const first = firstOf.get(r.sourceId) ?? r.last;
    const g = groups.get(key) ?? {
      cadence,
      demo: r.demo,
      from: first,
      to: r.last,
      markets: new Set<string>(),
      provinces: new Set<string>(),
      sources: new Set<string>(),
    };
    g.markets.add(r.market);
    g.provinces.add(r.province);
    g.sources.add(r.source);
    if (first < g.from) g.from = first;
    if (r.last > g.to) g.to = r.last;
    groups.set(key, g);
    const p = perProvince.get(r.province) ?? {
      name: locale === 'zh-CN' ? r.nameZh : r.nameEn,
      markets: new Set<string>(),
    };
    p.markets.add(r.market);
    perProvince.set(r.province, p);
  }
  const byProvince = [...perProvince.values()]
    .map((p) => ({ name: p.name, markets: p.markets.size }))
    .sort((a, b) => b.markets - a.markets || a.name.localeCompare(b.name, locale));
  // Observed data before demo data, daily before monthly.
  const order = (g: Acc) => (g.demo ? 2 : 0) + (g.cadence === 'daily' ? 0 : 1);
  return {
    markets: new Set(rows.map((r) => r.market)).size,
    provinces: byProvince.length,
    groups: [...groups.values()]
      .sort((a, b) => order(a) - order(b))
      .map((g) => ({ ...g, markets: g.markets.size, provinces: g.provinces.size, sources: [...g.sources].sort() })),
    byProvince,
  };
}

import 'server-only';
import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locale';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { documents, news, priceObservations, products, regions } from '../../db/schema';

type FigureDef = {
  key: string;
  label: Record<Locale, string>;
  /** What exists now, read from the live database. */
  count: (db: Db, now: Date) => Promise<number>;
};

const n = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/** China's markets: the copy speaks of daily prices in provinces; other countries' markets (monthly WFP prices by division) are not that. */
const chinaMarkets = and(eq(regions.level, 'market'), eq(regions.countryCode, 'CHN'));

/**
 * The home page's "numerical" band (docs/screens.md home): one entry per figure, in
 * display order, each counted from the data, so the page says what the database holds (and
 * nothing about the site's users). Add a figure by adding an entry.
 */
export const HOME_FIGURES: readonly FigureDef[] = [
  {
    key: 'prices',
    label: { en: 'price observations', 'zh-CN': '条价格数据' },
    count: async (db) => n(await db.select({ n: count() }).from(priceObservations)),
  },
  {
    key: 'products',
    label: { en: 'products tracked', 'zh-CN': '种监测产品' },
    count: async (db) => n(await db.select({ n: count() }).from(products)),
  },
  {
    key: 'markets',
    label: { en: 'markets', 'zh-CN': '个监测市场' },
    count: async (db) => n(await db.select({ n: count() }).from(regions).where(chinaMarkets)),
  },
  {
    key: 'provinces',
    label: { en: 'provinces with markets', 'zh-CN': '个省份有监测市场' },
    count: async (db) =>
      n(
        await db
          .select({ n: sql<number>`count(distinct ${regions.provinceId})` })
          .from(regions)
          .where(chinaMarkets),
      ),
  },
  {
    key: 'news',
    label: { en: 'news articles', 'zh-CN': '篇资讯' },
    count: async (db, now) => n(await db.select({ n: count() }).from(news).where(lte(news.publishedAt, now))),
  },
  {
    key: 'documents',
    label: { en: 'documents and guides', 'zh-CN': '篇文档与指南' },
    count: async (db) => n(await db.select({ n: count() }).from(documents)),
  },
];

export type HomeFigure = { key: string; label: string; value: number };

/** Every figure of HOME_FIGURES, counted now. */
export async function homeFigures(db: Db, locale: Locale, now = new Date()): Promise<HomeFigure[]> {
  const values = await Promise.all(HOME_FIGURES.map((f) => f.count(db, now)));
  return HOME_FIGURES.map((f, i) => ({ key: f.key, label: f.label[locale], value: values[i]! }));
}

const province = alias(regions, 'province');

/** Markets per province, from the data: the About page's coverage and the figures in its copy. */
export async function marketCoverage(db: Db, locale: Locale) {
  const rows = await db
    .select({ nameZh: province.nameZh, nameEn: province.nameEn, markets: count() })
    .from(regions)
    .innerJoin(province, eq(province.id, regions.provinceId))
    .where(chinaMarkets)
    .groupBy(province.id, province.nameZh, province.nameEn);
  const byProvince = rows
    .map((r) => ({ name: locale === 'zh-CN' ? r.nameZh : r.nameEn, markets: Number(r.markets) }))
    .sort((a, b) => b.markets - a.markets || a.name.localeCompare(b.name, locale));
  return { markets: byProvince.reduce((t, p) => t + p.markets, 0), provinces: byProvince.length, byProvince };
}

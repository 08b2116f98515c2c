import 'server-only';
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/config';
import type { Db } from '../../db/client';
import {
  docAttachments,
  documents,
  news,
  priceObservations,
  products,
  regions,
  userMemberships,
  users,
} from '../../db/schema';

type FigureDef = {
  key: string;
  label: Record<Locale, string>;
  /** What exists now, read from the live database. */
  count: (db: Db, now: Date) => Promise<number>;
};

const n = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/**
 * The home page's "numerical" band (docs/screens.md home): one entry per figure, in
 * display order. Add a figure by adding an entry.
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
    count: async (db) => n(await db.select({ n: count() }).from(regions).where(eq(regions.level, 'market'))),
  },
  {
    key: 'users',
    label: { en: 'registered users', 'zh-CN': '注册用户' },
    count: async (db) => n(await db.select({ n: count() }).from(users)),
  },
  {
    key: 'members',
    label: { en: 'active members', 'zh-CN': '有效会员' },
    count: async (db, now) =>
      n(
        await db
          .select({ n: sql<number>`count(distinct ${userMemberships.userId})` })
          .from(userMemberships)
          .where(and(lte(userMemberships.startsAt, now), gt(userMemberships.endsAt, now))),
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
  {
    key: 'attachments',
    label: { en: 'downloadable files', 'zh-CN': '份可下载文件' },
    count: async (db) => n(await db.select({ n: count() }).from(docAttachments)),
  },
];

export type HomeFigure = { key: string; label: string; value: number };

/** Every figure of HOME_FIGURES, counted now. */
export async function homeFigures(db: Db, locale: Locale, now = new Date()): Promise<HomeFigure[]> {
  const values = await Promise.all(HOME_FIGURES.map((f) => f.count(db, now)));
  return HOME_FIGURES.map((f, i) => ({ key: f.key, label: f.label[locale], value: values[i]! }));
}

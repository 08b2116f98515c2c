import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { newsUrl } from '@/lib/content/urls';
import { localeUrl } from '@/lib/routing/locale-url';
import { LOCALES, type Locale } from '@/lib/shared/locale';
import { fileStorage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { news, newsCategories, newsTexts } from '../../db/schema';
import { siteUrl } from '../../site';
import { isPublished } from './news';

/** Storage key of the news SEO JSON (docs/api.md: a JSON file on the object-storage host), served at /seo/news.json. */
export const NEWS_SEO_KEY = 'seo/news.json';

type Localized = Record<Locale, string>;
export type NewsSeoJson = {
  generatedAt: string;
  site: string;
  count: number;
  items: {
    id: number;
    /** The URL that opens in the reader's language (x-default); `urls` has each language's. */
    url: string;
    urls: Localized;
    category: string;
    publishedAt: string;
    updatedAt: string;
    image: string | null;
    title: Localized;
    description: Localized;
  }[];
};

/** Every published article with its title and description in both languages, newest first. */
export async function buildNewsSeoJson(db: Db, now = new Date()): Promise<NewsSeoJson> {
  const rows = await db
    .select({
      id: news.id,
      category: newsCategories.id,
      publishedAt: news.publishedAt,
      updatedAt: news.updatedAt,
      cover: news.cover,
      locale: newsTexts.locale,
      title: newsTexts.title,
      summary: newsTexts.summary,
    })
    .from(news)
    .innerJoin(newsTexts, eq(newsTexts.newsId, news.id))
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(isPublished(now))
    .orderBy(desc(news.publishedAt), desc(news.id));
  const site = siteUrl();
  const byId = new Map<number, NewsSeoJson['items'][number]>();
  for (const r of rows) {
    let item = byId.get(r.id);
    if (!item) {
      const empty = Object.fromEntries(LOCALES.map((l) => [l, ''])) as Localized;
      item = {
        id: r.id,
        url: site + newsUrl(r.id),
        urls: Object.fromEntries(LOCALES.map((l) => [l, site + localeUrl(l, newsUrl(r.id))])) as Localized,
        category: r.category,
        publishedAt: r.publishedAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        image: r.cover ? new URL(r.cover, site + '/').toString() : null,
        title: { ...empty },
        description: { ...empty },
      };
      byId.set(r.id, item);
    }
    if ((LOCALES as readonly string[]).includes(r.locale)) {
      item.title[r.locale as Locale] = r.title;
      item.description[r.locale as Locale] = r.summary;
    }
  }
  const items = [...byId.values()];
  return { generatedAt: now.toISOString(), site, count: items.length, items };
}

/** Rebuilds the file in storage; called whenever news changes (and by the seed). */
export async function publishNewsSeoJson(db: Db, now = new Date()): Promise<NewsSeoJson> {
  const doc = await buildNewsSeoJson(db, now);
  await fileStorage().put(NEWS_SEO_KEY, new TextEncoder().encode(JSON.stringify(doc)), 'application/json');
  return doc;
}

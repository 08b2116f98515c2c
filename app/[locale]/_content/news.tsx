import 'server-only';
import type { Metadata } from 'next';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { NEWS_LIST_PATH, newsListUrl, newsUrl } from '@/lib/content/urls';
import { fmt } from '@/lib/i18n/format';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { siteName, siteUrl } from '@/lib/server/site';
import { describe, pageMetadata } from '@/lib/seo/metadata';
import { getDb } from '@/lib/server/db/client';
import { getNews, listCategories, listNews } from '@/lib/server/services/content/news';
import { NewsArticle } from '@/components/content/news/news-article';
import { NewsList } from '@/components/content/news/news-list';

export const NEWS_PAGE_SIZE = 10;
const MAX_PAGE = 10_000;

/** A positive integer from a path segment, or null. */
export function intParam(v: string | undefined, max = 2_147_483_647): number | null {
  if (!v || !/^[1-9]\d{0,9}$/.test(v)) return null;
  const n = Number(v);
  return n <= max ? n : null;
}

type ListArgs = { category: string | null; page: number; keyword?: string | null; mobile: boolean };

async function loadList({ category, page, keyword }: ListArgs) {
  const locale = await getLocale();
  const db = await getDb();
  const categories = await listCategories(db, locale);
  if (category && !categories.some((c) => c.id === category)) notFound();
  const data = await listNews(db, { locale, pageIndex: page, pageSize: NEWS_PAGE_SIZE, categoryId: category, keyword });
  // A page past the end is not a page (crawlers should not index empty lists).
  if (!keyword && page > 1 && data.list.length === 0) notFound();
  return { locale, categories, data };
}

export async function newsListMetadata({ category, page, keyword }: ListArgs): Promise<Metadata> {
  const m = await getMessages();
  const locale = await getLocale();
  const cats = category ? await listCategories(await getDb(), locale) : [];
  const catName = cats.find((c) => c.id === category)?.name;
  const title = [
    catName ?? m.news.title,
    page > 1 ? fmt(m.news.pageN, { n: page }) : null,
    keyword ? `“${keyword}”` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return pageMetadata({
    locale,
    title: catName ? `${title} · ${m.news.title}` : title,
    description: m.news.description,
    canonical: newsListUrl({ category, page, keyword }),
    // Search results are for people, not for the index.
    noindex: !!keyword,
  });
}

export async function NewsListPage(args: ListArgs) {
  if (args.page > MAX_PAGE) notFound();
  const { locale, categories, data } = await loadList(args);
  return (
    <NewsList
      locale={locale}
      messages={await getMessages(locale)}
      mobile={args.mobile}
      categories={categories}
      data={data}
      category={args.category}
      keyword={args.keyword}
    />
  );
}

/** Params of `list/[category]/[page]`: `all` is no category. */
export function listParams(p: { category: string; page: string }) {
  const page = intParam(p.page, MAX_PAGE);
  if (!page || !/^[a-z0-9-]{1,40}$/.test(p.category)) notFound();
  return { category: p.category === 'all' ? null : p.category, page };
}

/** searchParams of the search page (rendered per request). */
export function searchArgs(sp: Record<string, string | string[] | undefined>) {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
  const keyword = one(sp.keyword).slice(0, 100);
  const category = /^[a-z0-9-]{1,40}$/.test(one(sp.category)) ? one(sp.category) : null;
  return { keyword: keyword || null, category, page: intParam(one(sp.page), MAX_PAGE) ?? 1 };
}

const loadArticle = cache(async (idParam: string) => {
  const id = intParam(idParam);
  if (!id) notFound();
  const locale = await getLocale();
  const article = await getNews(await getDb(), id, locale);
  if (!article) notFound();
  return { locale, article };
});

export async function newsArticleMetadata(idParam: string): Promise<Metadata> {
  const { locale, article: a } = await loadArticle(idParam);
  return pageMetadata({
    locale,
    title: a.title,
    description: describe(a.summary),
    canonical: newsUrl(a.id),
    type: 'article',
    publishedTime: a.publishedAt,
    modifiedTime: a.updatedAt,
    section: a.categoryName,
    image: a.cover ? { url: a.cover, width: 1200, height: 675, alt: a.coverAlt } : null,
  });
}

export async function NewsArticlePage({ id, mobile }: { id: string; mobile: boolean }) {
  const { locale, article } = await loadArticle(id);
  return (
    <NewsArticle
      article={article}
      locale={locale}
      messages={await getMessages(locale)}
      mobile={mobile}
      site={siteUrl()}
      brand={siteName(locale)}
    />
  );
}

export { NEWS_LIST_PATH };

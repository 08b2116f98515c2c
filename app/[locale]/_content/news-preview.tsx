import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { getDb } from '@/lib/server/db/client';
import { getNews } from '@/lib/server/services/content/news';
import { newsStatus } from '@/lib/server/services/content/news-status';
import { readPreviewToken } from '@/lib/server/services/content/preview-token';
import { siteName, siteUrl } from '@/lib/server/site';
import { NewsArticle } from '@/components/content/news/news-article';

/**
 * The console's preview of an article (docs/console.md "Preview"): the article page as the public
 * will see it, whatever the article's status, for whoever holds a link the console signed and
 * until it expires; else the 404. Rendered per request (never cached), never indexed, and the
 * token is not sent on as a referrer.
 */
const load = cache(async (token: string) => {
  const id = readPreviewToken(decodeURIComponent(token), new Date());
  if (!id) notFound();
  const locale = await getLocale();
  const db = await getDb();
  const now = new Date();
  const [article, status] = await Promise.all([
    getNews(db, id, locale, now, { anyStatus: true }),
    newsStatus(db, id, now),
  ]);
  if (!article || !status) notFound();
  return { locale, article, status };
});

export async function newsPreviewMetadata(token: string): Promise<Metadata> {
  const { article } = await load(token);
  return { title: article.title, robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export async function NewsPreviewPage({ token, mobile }: { token: string; mobile: boolean }) {
  const { locale, article, status } = await load(token);
  return (
    <NewsArticle
      article={article}
      status={status}
      locale={locale}
      messages={await getMessages(locale)}
      mobile={mobile}
      site={siteUrl()}
      brand={siteName(locale)}
    />
  );
}

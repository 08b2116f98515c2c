import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { getDb } from '@/lib/server/db/client';
import { getNews } from '@/lib/server/services/content/news';
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
  const article = await getNews(await getDb(), id, locale, new Date(), { anyStatus: true });
  if (!article) notFound();
  return { locale, article };
});

export async function newsPreviewMetadata(token: string): Promise<Metadata> {
  const { article } = await load(token);
  return { title: article.title, robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export async function NewsPreviewPage({ token, mobile }: { token: string; mobile: boolean }) {
  const { locale, article } = await load(token);
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

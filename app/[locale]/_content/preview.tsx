import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getLocale, getMessages } from '@/lib/i18n/server';
import { getDb } from '@/lib/server/db/client';
import { getDocument, knowledgeTree } from '@/lib/server/services/content/documents';
import { getNews } from '@/lib/server/services/content/news';
import { previewStatus } from '@/lib/server/services/content/preview-status';
import { type PreviewKind, readPreviewToken } from '@/lib/server/services/content/preview-token';
import { siteName, siteUrl } from '@/lib/server/site';
import { DocArticle } from '@/components/content/docs/docs-views';
import { NewsArticle } from '@/components/content/news/news-article';

/**
 * The console's previews (docs/console.md "Preview"): an article's or a document's page as the
 * public will see it, whatever its status, for whoever holds a link the console signed for that
 * kind and until it expires; else the 404. Rendered per request (never cached), never indexed,
 * and the token is not sent on as a referrer.
 */
async function open(kind: PreviewKind, token: string) {
  // One clock for the token's expiry, the status and the page's published neighbours.
  const now = new Date();
  const id = readPreviewToken(kind, decodeURIComponent(token), now);
  if (!id) notFound();
  const status = await previewStatus(await getDb(), kind, id, now);
  if (!status) notFound();
  return { id, status, locale: await getLocale(), now };
}

const loadNews = cache(async (token: string) => {
  const { id, status, locale, now } = await open('news', token);
  const article = await getNews(await getDb(), id, locale, now, { anyStatus: true });
  if (!article) notFound();
  return { locale, article, status };
});

const loadDoc = cache(async (token: string) => {
  const { id, status, locale, now } = await open('docs', token);
  const db = await getDb();
  const [tree, doc] = await Promise.all([
    knowledgeTree(db, locale, now),
    getDocument(db, id, locale, now, { anyStatus: true }),
  ]);
  if (!doc) notFound();
  return { locale, tree, doc, status };
});

const metadata = (title: string): Metadata => ({
  title,
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
});

export async function newsPreviewMetadata(token: string): Promise<Metadata> {
  return metadata((await loadNews(token)).article.title);
}

export async function NewsPreviewPage({ token, mobile }: { token: string; mobile: boolean }) {
  const { locale, article, status } = await loadNews(token);
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

export async function docPreviewMetadata(token: string): Promise<Metadata> {
  return metadata((await loadDoc(token)).doc.title);
}

export async function DocPreviewPage({ token, mobile }: { token: string; mobile: boolean }) {
  const { locale, tree, doc, status } = await loadDoc(token);
  return (
    <DocArticle
      locale={locale}
      messages={await getMessages(locale)}
      mobile={mobile}
      tree={tree}
      site={siteUrl()}
      doc={doc}
      status={status}
    />
  );
}

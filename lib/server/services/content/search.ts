import 'server-only';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { SearchHit, SearchResult } from '@/lib/api/schemas/content';
import { docUrl, newsUrl } from '@/lib/content/urls';
import type { Locale } from '@/lib/shared/locale';
import type { Db } from '../../db/client';
import { documents, documentTexts, news, newsTexts } from '../../db/schema';
import { markTerms, segmentsToHtml, snippet } from './highlight';
import { htmlToText } from './sanitize';
import { parseQuery } from './search-tokens';

export type SearchKind = 'all' | 'news' | 'docs';

/**
 * Full-text search over news and documents in one language: ranked by
 * ts_rank_cd (title matches weigh most), newest first among equals, with the
 * title and a snippet marked where the query matched.
 */
export async function searchContent(
  db: Db,
  {
    q,
    kind = 'all',
    locale,
    pageIndex = 1,
    pageSize = 10,
    now = new Date(),
  }: { q: string; kind?: SearchKind; locale: Locale; pageIndex?: number; pageSize?: number; now?: Date },
): Promise<SearchResult> {
  const parsed = parseQuery(q);
  if (!parsed.tsquery) return { list: [], total: 0, pageIndex, pageSize };
  const tsq = sql`${parsed.tsquery}::tsquery`;
  const newsHits = db
    .select({
      kind: sql<'news' | 'docs'>`'news'`.as('kind'),
      id: news.id,
      slug: news.slug,
      title: newsTexts.title,
      summary: newsTexts.summary,
      body: newsTexts.body,
      date: sql<Date | string>`${news.publishedAt}`.as('date'),
      rank: sql<number>`ts_rank_cd(${newsTexts.search}, ${tsq})`.as('rank'),
    })
    .from(news)
    .innerJoin(newsTexts, and(eq(newsTexts.newsId, news.id), eq(newsTexts.locale, locale)))
    .where(and(sql`${newsTexts.search} @@ ${tsq}`, eq(news.status, 'published'), lte(news.publishedAt, now)));
  const docHits = db
    .select({
      kind: sql<'news' | 'docs'>`'docs'`.as('kind'),
      id: documents.id,
      slug: documents.slug,
      title: documentTexts.title,
      summary: documentTexts.summary,
      body: sql<string>`${documentTexts.content}`.as('body'),
      date: sql<Date | string>`${documents.updatedAt}`.as('date'),
      rank: sql<number>`ts_rank_cd(${documentTexts.search}, ${tsq})`.as('rank'),
    })
    .from(documents)
    .innerJoin(documentTexts, and(eq(documentTexts.documentId, documents.id), eq(documentTexts.locale, locale)))
    .where(
      and(sql`${documentTexts.search} @@ ${tsq}`, eq(documents.status, 'published'), lte(documents.publishedAt, now)),
    );
  const hits = (kind === 'news' ? newsHits : kind === 'docs' ? docHits : unionAll(newsHits, docHits)).as('hits');
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(hits)
      .orderBy(desc(hits.rank), desc(hits.date), desc(hits.id))
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize),
    db.select({ n: sql<number | string>`count(*)::int` }).from(hits),
  ]);
  const list: SearchHit[] = rows.map((r) => {
    const snip = snippet(`${r.summary} ${htmlToText(r.body)}`, parsed.terms);
    return {
      kind: r.kind,
      id: Number(r.id),
      title: r.title,
      url: r.kind === 'news' ? newsUrl(Number(r.id)) : docUrl(Number(r.id), r.slug),
      date: new Date(r.date).toISOString(),
      rank: Number(r.rank),
      match: { title: markTerms(r.title, parsed.terms), snippet: snip, snippetHtml: segmentsToHtml(snip) },
    };
  });
  return { list, total: Number(totals[0]?.n ?? 0), pageIndex, pageSize };
}

import 'server-only';
import { sql } from 'drizzle-orm';
import type { SearchHit, SearchResult } from '@/lib/api/schemas/content';
import { docUrl, newsUrl } from '@/lib/content/urls';
import type { Locale } from '@/lib/shared/locale';
import { query, type Db } from '../../db/client';
import { markTerms, segmentsToHtml, snippet } from './highlight';
import { htmlToText } from './sanitize';
import { parseQuery } from './search-tokens';

export type SearchKind = 'all' | 'news' | 'docs';
type Row = {
  kind: 'news' | 'docs';
  id: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  date: Date | string;
  rank: number;
};

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
  const parts = [];
  if (kind !== 'docs') {
    parts.push(sql`select 'news' as kind, n.id, n.slug, t.title, t.summary, t.body, n.published_at as date, ts_rank_cd(t.search, ${tsq}) as rank
      from news n join news_texts t on t.news_id = n.id and t.locale = ${locale}
      where t.search @@ ${tsq} and n.status = 'published' and n.published_at <= ${now.toISOString()}::timestamptz`);
  }
  if (kind !== 'news') {
    parts.push(sql`select 'docs' as kind, d.id, d.slug, t.title, t.summary, t.content as body, d.updated_at as date, ts_rank_cd(t.search, ${tsq}) as rank
      from documents d join document_texts t on t.document_id = d.id and t.locale = ${locale}
      where t.search @@ ${tsq} and d.status = 'published' and d.published_at <= ${now.toISOString()}::timestamptz`);
  }
  const union = sql.join(parts, sql` union all `);
  const [rows, totals] = await Promise.all([
    query<Row>(
      db,
      sql`select * from (${union}) hits order by rank desc, date desc, id desc limit ${pageSize} offset ${(pageIndex - 1) * pageSize}`,
    ),
    query<{ n: number | string }>(db, sql`select count(*)::int as n from (${union}) hits`),
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

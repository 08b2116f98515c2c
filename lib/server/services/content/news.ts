import 'server-only';
import { hostKey } from '../../http/address-key';
import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { NewsDetail, NewsItem, NewsPage, SavedNews, SaveNewsInput } from '@/lib/api/schemas/content';
import type { Locale } from '@/lib/shared/locale';
import { LOCALES } from '@/lib/shared/locale';
import { ymd } from '@/lib/shared/dates';
import { newsUrl } from '@/lib/content/urls';
import type { Db, Tx } from '../../db/client';
import { news, newsCategories, newsTexts, newsViews } from '../../db/schema';
import { fail } from '../../errors';
import { deriveKey } from '../../secret';
import { markTerms, segmentsToHtml, snippet } from './highlight';
import { htmlToText, sanitizeRichText } from './sanitize';
import { parseQuery, tsvectorLiteral } from './search-tokens';
import { msg } from '@/lib/i18n/server-messages';

const catName = (locale: Locale) => (locale === 'zh-CN' ? newsCategories.nameZh : newsCategories.nameEn);

const itemColumns = (locale: Locale) => ({
  id: news.id,
  slug: news.slug,
  categoryId: news.categoryId,
  categoryName: catName(locale),
  title: newsTexts.title,
  summary: newsTexts.summary,
  cover: news.cover,
  coverAlt: newsTexts.coverAlt,
  source: newsTexts.source,
  author: newsTexts.author,
  publishedAt: news.publishedAt,
  views: news.views,
});

type ItemRow = {
  id: number;
  slug: string;
  categoryId: string;
  categoryName: string;
  title: string;
  summary: string;
  cover: string | null;
  coverAlt: string;
  source: string;
  author: string;
  publishedAt: Date;
  views: number;
};

function toItem(r: ItemRow): NewsItem {
  return {
    id: r.id,
    slug: r.slug,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    coverAlt: r.coverAlt,
    source: r.source,
    author: r.author,
    publishedAt: r.publishedAt.toISOString(),
    views: r.views,
    url: newsUrl(r.id),
  };
}

function itemsQuery(db: Db, locale: Locale) {
  return db
    .select(itemColumns(locale))
    .from(news)
    .innerJoin(newsTexts, and(eq(newsTexts.newsId, news.id), eq(newsTexts.locale, locale)))
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId));
}

/** Only what is published by `now` is public: never a draft, nor a scheduled article before its job runs. */
export const isPublished = (now: Date) =>
  and(eq(news.status, 'published'), sql`${news.publishedAt} <= ${now.toISOString()}::timestamptz`)!;

/** QueryNewsCategory: categories in order, with how many published articles each holds. */
export async function listCategories(db: Db, locale: Locale, now = new Date()) {
  const rows = await db
    .select({ id: newsCategories.id, name: catName(locale), count: sql<number>`count(${news.id})::int` })
    .from(newsCategories)
    .leftJoin(news, and(eq(news.categoryId, newsCategories.id), isPublished(now)))
    .groupBy(newsCategories.id)
    .orderBy(asc(newsCategories.sort), asc(newsCategories.id));
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
}

export type NewsQuery = {
  locale: Locale;
  pageIndex: number;
  pageSize: number;
  categoryId?: string | null;
  keyword?: string | null;
  now?: Date;
};

/** QueryNewsForPage: newest first; with a keyword, ranked by full-text relevance with marked snippets. */
export async function listNews(db: Db, q: NewsQuery): Promise<NewsPage> {
  const now = q.now ?? new Date();
  const parsed = q.keyword ? parseQuery(q.keyword) : null;
  if (parsed && !parsed.tsquery) return { list: [], total: 0, pageIndex: q.pageIndex, pageSize: q.pageSize };
  const conds: SQL[] = [isPublished(now)];
  if (q.categoryId) conds.push(eq(news.categoryId, q.categoryId));
  if (parsed?.tsquery) conds.push(sql`${newsTexts.search} @@ ${parsed.tsquery}::tsquery`);
  const where = and(...conds);

  const [totalRow] = await db
    .select({ n: count() })
    .from(news)
    .innerJoin(newsTexts, and(eq(newsTexts.newsId, news.id), eq(newsTexts.locale, q.locale)))
    .where(where);
  const order = parsed?.tsquery
    ? [sql`ts_rank_cd(${newsTexts.search}, ${parsed.tsquery}::tsquery) desc`, desc(news.publishedAt), desc(news.id)]
    : [desc(news.publishedAt), desc(news.id)];
  const rows = await itemsQuery(db, q.locale)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);

  let list = rows.map(toItem);
  if (parsed?.tsquery && list.length) {
    const bodies = await db
      .select({ id: newsTexts.newsId, body: newsTexts.body })
      .from(newsTexts)
      .where(
        and(
          eq(newsTexts.locale, q.locale),
          inArray(
            newsTexts.newsId,
            list.map((i) => i.id),
          ),
        ),
      );
    const text = new Map(bodies.map((b) => [b.id, htmlToText(b.body)]));
    list = list.map((item) => {
      const snip = snippet(`${item.summary} ${text.get(item.id) ?? ''}`, parsed.terms);
      return {
        ...item,
        match: { title: markTerms(item.title, parsed.terms), snippet: snip, snippetHtml: segmentsToHtml(snip) },
      };
    });
  }
  return { list, total: Number(totalRow?.n ?? 0), pageIndex: q.pageIndex, pageSize: q.pageSize };
}

/** The newest `n` published articles (home page, feed). */
export async function latestNews(db: Db, locale: Locale, n: number, now = new Date()): Promise<NewsItem[]> {
  const rows = await itemsQuery(db, locale)
    .where(isPublished(now))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(n);
  return rows.map(toItem);
}

/**
 * One published article with its neighbours in list order (newer = previous, older = next) and
 * related articles. `anyStatus` (the console's preview only, docs/console.md "Preview") takes a
 * draft or scheduled article too; its neighbours and related articles are still published ones.
 */
export async function getNews(
  db: Db,
  id: number,
  locale: Locale,
  now = new Date(),
  { anyStatus = false } = {},
): Promise<NewsDetail | null> {
  const [row] = await db
    .select({ ...itemColumns(locale), body: newsTexts.body, updatedAt: news.updatedAt })
    .from(news)
    .innerJoin(newsTexts, and(eq(newsTexts.newsId, news.id), eq(newsTexts.locale, locale)))
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(anyStatus ? eq(news.id, id) : and(eq(news.id, id), isPublished(now)))
    .limit(1);
  if (!row) return null;

  const link = { id: news.id, title: newsTexts.title };
  const base = () =>
    db
      .select(link)
      .from(news)
      .innerJoin(newsTexts, and(eq(newsTexts.newsId, news.id), eq(newsTexts.locale, locale)));
  const newer = or(
    gt(news.publishedAt, row.publishedAt),
    and(eq(news.publishedAt, row.publishedAt), gt(news.id, row.id)),
  );
  const older = or(
    lt(news.publishedAt, row.publishedAt),
    and(eq(news.publishedAt, row.publishedAt), lt(news.id, row.id)),
  );
  const [[prev], [next], related] = await Promise.all([
    base()
      .where(and(newer, isPublished(now)))
      .orderBy(asc(news.publishedAt), asc(news.id))
      .limit(1),
    base()
      .where(and(older, isPublished(now)))
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(1),
    itemsQuery(db, locale)
      .where(and(eq(news.categoryId, row.categoryId), ne(news.id, row.id), isPublished(now)))
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(3),
  ]);
  const asLink = (l: { id: number; title: string } | undefined) =>
    l ? { id: l.id, title: l.title, url: newsUrl(l.id) } : null;
  return {
    ...toItem(row),
    // Stored bodies were sanitised on write; this guards rows written any other way.
    body: sanitizeRichText(row.body),
    updatedAt: row.updatedAt.toISOString(),
    prev: asLink(prev),
    next: asLink(next),
    related: related.map(toItem),
  };
}

/**
 * Who reads: the account when logged in, else the client's host (an IPv4 address, an IPv6 /64);
 * hashed with a key of its own. Not the User-Agent: a caller names it freely, so one address could
 * count a view per made-up browser (issue 27). Readers behind one address count once a day.
 */
export function visitorKey(v: { userId: string | null; ip: string | null }): string {
  const who = v.userId ? `u:${v.userId}` : `a:${v.ip ? hostKey(v.ip) : '?'}`;
  return createHmac('sha256', deriveKey('news-views')).update(who).digest('base64url');
}

/** The day in Beijing time, which is when readers' days turn. */
const beijingDay = (now: Date) => ymd(now.toISOString());

/**
 * QueryNewsById counts a view, once per visitor per article per day (every API read
 * counted before, so a reload loop could raise it at will); answers the count, or null for
 * no such published article.
 */
export async function countView(db: Db, id: number, visitor: string, now = new Date()): Promise<number | null> {
  const [article] = await db
    .select({ views: news.views })
    .from(news)
    .where(and(eq(news.id, id), isPublished(now)));
  if (!article) return null;
  const day = beijingDay(now);
  const first = await db.insert(newsViews).values({ newsId: id, visitor, day }).onConflictDoNothing().returning();
  if (!first.length) return article.views;
  // Yesterday's marks can no longer stop a count: keep the table to about two days.
  await db.delete(newsViews).where(lt(newsViews.day, beijingDay(new Date(now.getTime() - 86_400_000))));
  const [row] = await db
    .update(news)
    .set({ views: sql`${news.views} + 1` })
    .where(eq(news.id, id))
    .returning({ views: news.views });
  return row?.views ?? null;
}

/** Everything the sitemap, feed and SEO JSON list: published articles, newest first. */
export async function publishedNewsIndex(db: Db, now = new Date()) {
  return db
    .select({
      id: news.id,
      slug: news.slug,
      publishedAt: news.publishedAt,
      updatedAt: news.updatedAt,
      categoryId: news.categoryId,
    })
    .from(news)
    .where(isPublished(now))
    .orderBy(desc(news.publishedAt), desc(news.id));
}

export function newsSearchVector(t: { title: string; summary: string; body: string }, extra = '') {
  return tsvectorLiteral([
    [t.title, 'A'],
    [t.summary, 'B'],
    [htmlToText(t.body), 'C'],
    [extra, 'D'],
  ]);
}

/** How a save may change an article: the console's draft save creates drafts and edits only drafts. */
export type SaveNewsOptions = { draftsOnly?: boolean };

/**
 * The article as a save finds it, locked: the version check and the status rule are made
 * against the row no other save can change until this transaction ends (docs/console.md
 * "Content": two staff editing one article get a conflict, not a silent overwrite).
 */
async function lockForSave(tx: Db | Tx, id: number, input: SaveNewsInput, opts: SaveNewsOptions) {
  const [row] = await tx
    .select({ status: news.status, version: news.version })
    .from(news)
    .where(eq(news.id, id))
    .for('update');
  if (!row) throw fail.notFound(msg('content.noArticle'));
  if (input.version !== undefined && input.version !== row.version)
    throw fail.conflict(msg('content.staleVersion', { current: row.version }));
  if (opts.draftsOnly && row.status !== 'draft') throw fail.conflict(msg('content.notDraft', { status: row.status }));
  return row;
}

/**
 * Staff: creates or updates an article in both languages. Bodies are sanitised before they are
 * stored. With `version`, an update is refused when the article was saved since (409). A new
 * article is published (SaveNews) or a draft (the console's draft save). The caller expires the
 * pages showing news once the change has committed (afterContentChange).
 */
export async function saveNews(
  db: Db,
  input: SaveNewsInput,
  now = new Date(),
  opts: SaveNewsOptions = {},
): Promise<SavedNews> {
  const [cat] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(eq(newsCategories.id, input.categoryId))
    .limit(1);
  if (!cat) throw fail.invalid('categoryId', msg('content.notNewsCategory'));
  return db.transaction(async (tx) => {
    let newsId = input.id;
    let saved: SavedNews;
    if (newsId) {
      await lockForSave(tx, newsId, input, opts);
      const [updated] = await tx
        .update(news)
        .set({
          categoryId: input.categoryId,
          ...(input.cover !== undefined ? { cover: input.cover } : {}),
          ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
          ...(input.slug ? { slug: input.slug } : {}),
          version: sql`${news.version} + 1`,
          updatedAt: now,
        })
        .where(eq(news.id, newsId))
        .returning({ id: news.id, version: news.version, status: news.status });
      saved = updated!;
    } else {
      const slug = input.slug ?? `news-${now.getTime().toString(36)}`;
      const [dupe] = await tx.select({ id: news.id }).from(news).where(eq(news.slug, slug)).limit(1);
      if (dupe) throw fail.conflict(msg('content.articleSlugTaken'));
      const [created] = await tx
        .insert(news)
        .values({
          slug,
          categoryId: input.categoryId,
          cover: input.cover ?? null,
          status: opts.draftsOnly ? 'draft' : 'published',
          publishedAt: input.publishedAt ? new Date(input.publishedAt) : now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: news.id, version: news.version, status: news.status });
      saved = created!;
      newsId = saved.id;
    }
    for (const locale of LOCALES) {
      const t = input.texts[locale];
      const body = sanitizeRichText(t.body);
      const [old] = await tx
        .select({ source: newsTexts.source, author: newsTexts.author, coverAlt: newsTexts.coverAlt })
        .from(newsTexts)
        .where(and(eq(newsTexts.newsId, newsId), eq(newsTexts.locale, locale)));
      const row = {
        title: t.title,
        summary: t.summary,
        body,
        coverAlt: t.coverAlt ?? old?.coverAlt ?? '',
        source: t.source ?? old?.source ?? '',
        author: t.author ?? old?.author ?? '',
        search: newsSearchVector({ ...t, body }),
      };
      await tx
        .insert(newsTexts)
        .values({ newsId, locale, ...row })
        .onConflictDoUpdate({ target: [newsTexts.newsId, newsTexts.locale], set: row });
    }
    return saved;
  });
}

/** Staff: removes an article. */
export async function deleteNews(db: Db, id: number): Promise<void> {
  const gone = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
  if (!gone.length) throw fail.notFound(msg('content.noArticle'));
}

import 'server-only';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ArticleTexts,
  ConsoleArticle,
  ConsoleNewsPage,
  ConsoleNewsQuery,
  NewsVersion,
} from '@/lib/api/console/schemas/content';
import type { NewsStatus, SavedNews } from '@/lib/api/schemas/content';
import { LOCALES, type Locale } from '@/lib/shared/locale';
import { msg } from '@/lib/i18n/server-messages';
import type { Db, Tx } from '../../db/client';
import { news, newsTexts } from '../../db/schema';
import { fail } from '../../errors';
import { saveNews } from '../content/news';
import { findVersion, listVersions, versionHead, type VersionRow } from './versions';

const zh = alias(newsTexts, 'zh');
const en = alias(newsTexts, 'en');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ConsoleNewsList: drafts, scheduled and published articles alike, the last changed first. */
export async function listConsoleNews(db: Db, q: ConsoleNewsQuery): Promise<ConsoleNewsPage> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(news.status, q.status));
  if (q.categoryId) conds.push(eq(news.categoryId, q.categoryId));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    conds.push(or(ilike(zh.title, like), ilike(en.title, like))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [[total], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(news)
      .leftJoin(zh, and(eq(zh.newsId, news.id), eq(zh.locale, 'zh-CN')))
      .leftJoin(en, and(eq(en.newsId, news.id), eq(en.locale, 'en')))
      .where(where),
    db
      .select({
        id: news.id,
        slug: news.slug,
        status: news.status,
        categoryId: news.categoryId,
        cover: news.cover,
        publishedAt: news.publishedAt,
        updatedAt: news.updatedAt,
        version: news.version,
        zh: zh.title,
        en: en.title,
      })
      .from(news)
      .leftJoin(zh, and(eq(zh.newsId, news.id), eq(zh.locale, 'zh-CN')))
      .leftJoin(en, and(eq(en.newsId, news.id), eq(en.locale, 'en')))
      .where(where)
      .orderBy(desc(news.updatedAt), desc(news.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      status: r.status,
      categoryId: r.categoryId,
      cover: r.cover,
      publishedAt: r.publishedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      version: r.version,
      title: { 'zh-CN': r.zh ?? '', en: r.en ?? '' },
    })),
  };
}

const emptyTexts = (): ArticleTexts => ({ title: '', summary: '', body: '', source: '', author: '', coverAlt: '' });

/** ConsoleNewsGet: one article as the editor opens it (stored bodies are sanitised already). */
export async function getConsoleArticle(db: Db, id: number): Promise<ConsoleArticle> {
  const [n] = await db.select().from(news).where(eq(news.id, id));
  if (!n) throw fail.notFound(msg('content.noArticle'));
  const texts = await db.select().from(newsTexts).where(eq(newsTexts.newsId, id));
  const byLocale = Object.fromEntries(LOCALES.map((l) => [l, emptyTexts()])) as Record<Locale, ArticleTexts>;
  for (const t of texts)
    byLocale[t.locale as Locale] = {
      title: t.title,
      summary: t.summary,
      body: t.body,
      source: t.source,
      author: t.author,
      coverAlt: t.coverAlt,
    };
  return {
    id: n.id,
    slug: n.slug,
    status: n.status,
    categoryId: n.categoryId,
    cover: n.cover,
    publishedAt: n.publishedAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    version: n.version,
    texts: byLocale,
  };
}

/** The article locked for this transaction, refused when it was saved since the caller opened it. */
async function lockVersion(tx: Db | Tx, id: number, version: number) {
  const [row] = await tx
    .select({ status: news.status, version: news.version })
    .from(news)
    .where(eq(news.id, id))
    .for('update');
  if (!row) throw fail.notFound(msg('content.noArticle'));
  if (row.version !== version) throw fail.conflict(msg('content.staleVersion', { current: row.version }));
  return row;
}

async function setStatus(tx: Db | Tx, id: number, status: NewsStatus, now: Date, publishedAt?: Date) {
  const [row] = await tx
    .update(news)
    .set({ status, ...(publishedAt ? { publishedAt } : {}), version: sql`${news.version} + 1`, updatedAt: now })
    .where(eq(news.id, id))
    .returning({ id: news.id, version: news.version, status: news.status });
  return row!;
}

/**
 * ConsolePublishNews: public now, or scheduled for `at` (the publish job makes it public then:
 * docs/console.md "Content"). Publishing what is already public is refused, not repeated.
 */
export async function publishNews(
  tx: Db | Tx,
  input: { id: number; version: number; at?: string },
  now: Date,
): Promise<SavedNews> {
  const row = await lockVersion(tx, input.id, input.version);
  const at = input.at ? new Date(input.at) : null;
  if (at && at > now) return setStatus(tx, input.id, 'scheduled', now, at);
  if (row.status === 'published') throw fail.conflict(msg('content.alreadyPublished'));
  return setStatus(tx, input.id, 'published', now, now);
}

/** ConsoleUnpublishNews: a published or scheduled article goes back to being a draft. */
export async function unpublishNews(tx: Db | Tx, input: { id: number; version: number }, now: Date) {
  const row = await lockVersion(tx, input.id, input.version);
  if (row.status === 'draft') throw fail.conflict(msg('content.notPublished'));
  return setStatus(tx, input.id, 'draft', now);
}

type Snapshot = {
  status?: NewsStatus;
  version?: number;
  categoryId: string;
  cover: string | null;
  texts: Partial<Record<Locale, Partial<ArticleTexts>>>;
};

const asVersion = (r: VersionRow): NewsVersion => {
  const s = r.after as Snapshot;
  return {
    ...versionHead(r, s),
    status: s.status ?? null,
    article: {
      categoryId: s.categoryId,
      cover: s.cover ?? null,
      texts: { 'zh-CN': s.texts?.['zh-CN'] ?? {}, en: s.texts?.en ?? {} },
    },
  };
};

/**
 * ConsoleNewsVersions: every saved state of an article, newest first, read from its audit
 * records (each save records the article as it became; the log cannot be edited).
 */
export async function newsVersions(db: Db, id: number): Promise<NewsVersion[]> {
  return (await listVersions(db, 'news', id)).map(asVersion);
}

/**
 * ConsoleRestoreNews: saves a version's texts, category and cover as the article's next version,
 * through the one news save (sanitised, version checked); its status stays as it is.
 */
export async function restoreNews(
  tx: Db | Tx,
  input: { id: number; version: number; auditId: number },
  now: Date,
): Promise<SavedNews> {
  const row = await findVersion(tx, 'news', input.id, input.auditId);
  if (!row) throw fail.invalid('auditId', msg('content.noVersion'));
  const { article } = asVersion(row);
  const text = (l: Locale) => ({ ...emptyTexts(), ...article.texts[l] });
  return saveNews(
    tx as Db,
    {
      id: input.id,
      version: input.version,
      categoryId: article.categoryId,
      cover: article.cover,
      texts: { 'zh-CN': text('zh-CN'), en: text('en') },
    },
    now,
  );
}

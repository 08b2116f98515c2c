import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locale';
import type { Db } from '../../db/client';
import { docAttachments, documents, documentTexts, news, newsTexts } from '../../db/schema';

/**
 * An article or document as a whole, both languages, as the audit log and the versions keep it
 * (docs/console.md): what a person would compare, not the search vectors.
 */
export async function newsSnapshot(db: Db, id: number) {
  const [n] = await db.select().from(news).where(eq(news.id, id));
  if (!n) return null;
  const texts = await db.select().from(newsTexts).where(eq(newsTexts.newsId, id));
  return {
    id: n.id,
    slug: n.slug,
    categoryId: n.categoryId,
    cover: n.cover,
    status: n.status,
    version: n.version,
    publishedAt: n.publishedAt.toISOString(),
    texts: Object.fromEntries(
      texts.map((t) => [
        t.locale as Locale,
        { title: t.title, summary: t.summary, body: t.body, source: t.source, author: t.author, coverAlt: t.coverAlt },
      ]),
    ),
  };
}

export async function documentSnapshot(db: Db, id: number) {
  const [d] = await db.select().from(documents).where(eq(documents.id, id));
  if (!d) return null;
  const texts = await db.select().from(documentTexts).where(eq(documentTexts.documentId, id));
  const files = await db
    .select({ key: docAttachments.fileKey, name: docAttachments.name })
    .from(docAttachments)
    .where(eq(docAttachments.documentId, id))
    .orderBy(asc(docAttachments.sort), asc(docAttachments.id));
  return {
    id: d.id,
    slug: d.slug,
    dirId: d.dirId,
    sort: d.sort,
    status: d.status,
    version: d.version,
    publishedAt: d.publishedAt.toISOString(),
    texts: Object.fromEntries(
      texts.map((t) => [t.locale as Locale, { title: t.title, summary: t.summary, content: t.content }]),
    ),
    attachments: files,
  };
}

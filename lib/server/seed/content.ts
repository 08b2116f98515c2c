import 'server-only';
import { count, eq } from 'drizzle-orm';
import { ARTICLES } from '@/content/news/articles';
import { NEWS_CATEGORIES } from '@/content/news/categories';
import type { SeedArticle } from '@/content/news/types';
import { DOC_TREE, type SeedDir, type SeedDoc } from '@/content/docs/tree';
import { LOCALES } from '@/lib/shared/locale';
import { fileStorage } from '../adapters/storage';
import type { Db } from '../db/client';
import {
  docAttachments,
  docDirTexts,
  docDirs,
  documentTexts,
  documents,
  news,
  newsCategories,
  newsTexts,
} from '../db/schema';
import { documentSearchVector } from '../services/content/documents';
import { newsSearchVector } from '../services/content/news';
import { htmlToText, sanitizeRichText } from '../services/content/sanitize';
import { publishNewsSeoJson } from '../services/content/seo-json';
import { makePdf } from './pdf';

const HOUR = 3600_000;

/** The hand-written articles (the weekly market briefs are written from the market data: seed/briefs.ts). */
export function seedArticles(): SeedArticle[] {
  return [...ARTICLES].sort((a, b) => b.hoursAgo - a.hoursAgo);
}

/** The news categories, then the articles not stored yet (by slug), oldest first. */
export async function seedNews(db: Db, now: Date, articles: readonly SeedArticle[] = seedArticles()) {
  for (const c of NEWS_CATEGORIES) {
    await db
      .insert(newsCategories)
      .values(c)
      .onConflictDoUpdate({ target: newsCategories.id, set: { nameZh: c.nameZh, nameEn: c.nameEn, sort: c.sort } });
  }
  let created = 0;
  // Oldest first, so ids grow with the publishing date as they would in production.
  for (const a of [...articles].sort((x, y) => y.hoursAgo - x.hoursAgo)) {
    const [exists] = await db.select({ id: news.id }).from(news).where(eq(news.slug, a.slug)).limit(1);
    if (exists) continue; // keeps staff edits and view counts on a re-seed
    const publishedAt = new Date(now.getTime() - a.hoursAgo * HOUR);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(news)
        .values({
          slug: a.slug,
          categoryId: a.category,
          cover: a.cover,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
          views: 40 + ((a.slug.length * 37) % 900),
        })
        .returning({ id: news.id });
      for (const locale of LOCALES) {
        const t = a.texts[locale];
        const body = sanitizeRichText(t.body);
        await tx.insert(newsTexts).values({
          newsId: row!.id,
          locale,
          ...t,
          body,
          coverAlt: a.coverAlt[locale],
          search: newsSearchVector({ ...t, body }),
        });
      }
    });
    created++;
  }
  return created;
}

function pdfOf(d: SeedDoc, subtitle?: { en: string; 'zh-CN': string }) {
  const en = d.texts.en;
  const zh = d.texts['zh-CN'];
  return makePdf(en.title, [
    { text: zh.title, cjk: true, heading: true },
    { text: en.title, heading: true, size: 13 },
    ...(subtitle ? [{ text: subtitle['zh-CN'], cjk: true }, { text: subtitle.en }] : []),
    { text: zh.summary, cjk: true },
    { text: htmlToText(zh.content), cjk: true },
    { text: en.summary },
    { text: htmlToText(en.content) },
    { text: 'Yoonop Agri-Data · 优农数据', size: 9 },
  ]);
}

async function seedDocs(db: Db, now: Date) {
  const storage = fileStorage();
  const stats = { dirs: 0, documents: 0, attachments: 0 };
  let docSort = 0;
  const walk = async (dir: SeedDir, parentId: number | null, sort: number): Promise<void> => {
    let [row] = await db.select({ id: docDirs.id }).from(docDirs).where(eq(docDirs.slug, dir.slug)).limit(1);
    if (!row) {
      [row] = await db.insert(docDirs).values({ slug: dir.slug, parentId, sort }).returning({ id: docDirs.id });
      stats.dirs++;
    }
    for (const locale of LOCALES) {
      await db
        .insert(docDirTexts)
        .values({ dirId: row!.id, locale, name: dir.name[locale] })
        .onConflictDoUpdate({ target: [docDirTexts.dirId, docDirTexts.locale], set: { name: dir.name[locale] } });
    }
    for (const d of dir.docs ?? []) {
      docSort++;
      const [exists] = await db.select({ id: documents.id }).from(documents).where(eq(documents.slug, d.slug)).limit(1);
      let docId = exists?.id;
      if (!docId) {
        const at = new Date(now.getTime() - (400 - docSort * 9) * 24 * HOUR);
        const [created] = await db
          .insert(documents)
          .values({ slug: d.slug, dirId: row!.id, sort: docSort, publishedAt: at, createdAt: at, updatedAt: at })
          .returning({ id: documents.id });
        docId = created!.id;
        for (const locale of LOCALES) {
          const t = d.texts[locale];
          const content = sanitizeRichText(t.content);
          await db.insert(documentTexts).values({
            documentId: docId,
            locale,
            title: t.title,
            summary: t.summary,
            content,
            search: documentSearchVector({ ...t, content }),
          });
        }
        stats.documents++;
      }
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(docAttachments)
        .where(eq(docAttachments.documentId, docId));
      if (Number(n) === 0) {
        const files = [
          { name: `${d.slug}.pdf`, bytes: pdfOf(d) },
          ...(d.extra ?? []).map((x) => ({ name: x.name, bytes: pdfOf(d, x.title) })),
        ];
        for (const [i, f] of files.entries()) {
          const key = `docs/${d.slug}/${f.name}`;
          await storage.put(key, f.bytes, 'application/pdf');
          await db.insert(docAttachments).values({
            documentId: docId,
            fileKey: key,
            name: f.name,
            bytes: f.bytes.length,
            contentType: 'application/pdf',
            sort: i,
          });
          stats.attachments++;
        }
      }
    }
    for (const [i, child] of (dir.children ?? []).entries()) await walk(child, row!.id, i);
  };
  for (const [i, top] of DOC_TREE.entries()) await walk(top, null, i);
  return stats;
}

/** News categories and articles, the documents tree with PDF attachments, and the news SEO JSON. Idempotent by slug. */
export async function seedContent(db: Db, now = new Date()) {
  const newsCreated = await seedNews(db, now);
  const docs = await seedDocs(db, now);
  const seo = await publishNewsSeoJson(db, now);
  return {
    news: `${newsCreated} new, ${seo.count} published`,
    dirs: docs.dirs,
    documents: docs.documents,
    attachments: docs.attachments,
  };
}

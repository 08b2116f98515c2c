import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Full-text lexemes, written as a tsvector literal built in application code
 * (lib/server/services/content/search-tokens.ts): English words lower-cased,
 * Chinese as overlapping character bigrams plus single characters. PostgreSQL
 * has no Chinese parser and PGlite loads no extensions by default, so the
 * lexemes bypass the text-search parser entirely and behave the same on both.
 */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

// ---- News (docs/content.md; docs/api.md InfoNews) ----

export const newsCategories = pgTable('news_categories', {
  id: text('id').primaryKey(), // a slug: market, company, industry, policy …
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    categoryId: text('category_id')
      .notNull()
      .references(() => newsCategories.id),
    /** A path under public/ or a stored-file URL. */
    cover: text('cover'),
    /**
     * draft: only staff see it; scheduled: the publish job makes it published at `publishedAt`;
     * published: public from `publishedAt` on (docs/console.md "Content").
     */
    status: text('status', { enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('published'),
    publishedAt: ts('published_at').notNull(),
    /** Raised by every save: a save naming an older version is refused (two editors, one article). */
    version: integer('version').notNull().default(1),
    views: integer('views').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('news_published_idx').on(t.publishedAt, t.id),
    index('news_category_published_idx').on(t.categoryId, t.publishedAt, t.id),
    // The publish job's look for what is due: only scheduled rows are in it.
    index('news_scheduled_idx').on(t.publishedAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

/** One row per article and language; `body` is sanitised HTML (sanitised again when rendered). */
/**
 * Who has been counted as viewing an article on a day (Beijing time): one row per article,
 * visitor and day, so the view count rises once per visitor per article per day. `visitor`
 * is a keyed hash (of the account, or of the address and browser), never the raw value.
 */
export const newsViews = pgTable(
  'news_views',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.visitor, t.day] }), index('news_views_day_idx').on(t.day)],
);

export const newsTexts = pgTable(
  'news_texts',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    source: text('source').notNull(),
    author: text('author').notNull(),
    coverAlt: text('cover_alt').notNull().default(''),
    search: tsvector('search').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.locale] }), index('news_texts_search_idx').using('gin', t.search)],
);

// ---- Documents (docs/content.md; docs/api.md Docs) ----

export const docDirs = pgTable(
  'doc_dirs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => docDirs.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('doc_dirs_parent_idx').on(t.parentId, t.sort)],
);

export const docDirTexts = pgTable(
  'doc_dir_texts',
  {
    dirId: integer('dir_id')
      .notNull()
      .references(() => docDirs.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dirId, t.locale] }), index('doc_dir_texts_name_idx').on(t.name)],
);

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    dirId: integer('dir_id')
      .notNull()
      .references(() => docDirs.id),
    sort: integer('sort').notNull().default(0),
    /**
     * As for news (docs/console.md "Documents"): draft (staff only), scheduled (the publish job
     * makes it published at `publishedAt`), published (public from `publishedAt` on).
     */
    status: text('status', { enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('published'),
    publishedAt: ts('published_at').notNull(),
    /** Raised by every write: a save naming an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('documents_dir_idx').on(t.dirId, t.sort, t.id),
    index('documents_updated_idx').on(t.updatedAt),
    // The publish job's look for what is due: only scheduled rows are in it.
    index('documents_scheduled_idx').on(t.publishedAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

export const documentTexts = pgTable(
  'document_texts',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    content: text('content').notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.locale] }), index('document_texts_search_idx').using('gin', t.search)],
);

/** Files attached to a document; the bytes live in file storage under `fileKey`. */
export const docAttachments = pgTable(
  'doc_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    bytes: integer('bytes').notNull(),
    contentType: text('content_type').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('doc_attachments_document_idx').on(t.documentId, t.sort)],
);

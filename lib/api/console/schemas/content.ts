import { z } from 'zod';
import { NEWS_STATUSES, saveNewsBody } from '../../schemas/content';
import { isoDateTimeSchema } from '../../schemas/common';

const id = () => z.coerce.number().int('must be a whole number').positive('must be a positive id');
const version = () => z.number().int('must be a whole number').positive('must be a version number');

/** ConsoleNewsList: every article (drafts and scheduled ones too), filtered, newest change first. */
export const consoleNewsQueryBody = z.object({
  status: z.enum(NEWS_STATUSES).optional(),
  categoryId: z.string().trim().max(40, 'is too long').optional(),
  /** Words of the title in either language. */
  q: z.string().trim().max(100, 'is too long').optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsoleNewsQuery = z.output<typeof consoleNewsQueryBody>;

const bothLanguages = <T extends z.ZodType>(t: T) => z.object({ 'zh-CN': t, en: t });

export const consoleNewsRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(NEWS_STATUSES),
  categoryId: z.string(),
  title: bothLanguages(z.string()),
  cover: z.string().nullable(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ConsoleNewsRow = z.infer<typeof consoleNewsRowSchema>;
export const consoleNewsPageSchema = z.object({ items: z.array(consoleNewsRowSchema), total: z.number().int() });
export type ConsoleNewsPage = z.infer<typeof consoleNewsPageSchema>;

const articleTexts = z.object({
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  source: z.string(),
  author: z.string(),
  coverAlt: z.string(),
});
export type ArticleTexts = z.infer<typeof articleTexts>;
/** ConsoleNewsGet: an article as the editor opens it, both languages, whatever its status. */
export const consoleArticleSchema = consoleNewsRowSchema.omit({ title: true }).extend({
  texts: bothLanguages(articleTexts),
});
export type ConsoleArticle = z.infer<typeof consoleArticleSchema>;

export const newsIdBody = z.object({ id: id() });

/**
 * ConsoleNewsPreview and ConsoleDocumentPreview: a signed link token that shows the article or
 * document as saved, whatever its status, until `expiresAt` (docs/console.md "Preview"); the pages
 * are /{lang}/preview/{news|docs}/{token} and /{lang}/mobilePreview/{news|docs}/{token}.
 */
export const previewLinkSchema = z.object({ token: z.string(), expiresAt: z.string() });

/** ConsoleSaveNewsDraft: the site's SaveNews body; a new article is a draft, only drafts are edited. */
export const saveDraftBody = saveNewsBody;

/** ConsolePublishNews: now (no `at`, or `at` not after now), or scheduled for `at`. */
export const publishNewsBody = z.object({
  id: id(),
  version: version(),
  at: isoDateTimeSchema.optional(),
});
/** ConsoleUnpublishNews: back to a draft. */
export const unpublishNewsBody = z.object({ id: id(), version: version() });

/** One saved state of an article, as its audit record keeps it. */
export const newsVersionSchema = z.object({
  /** The audit record it comes from: what ConsoleRestoreNews names. */
  auditId: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  version: z.number().int().nullable(),
  status: z.enum(NEWS_STATUSES).nullable(),
  article: z.object({
    categoryId: z.string(),
    cover: z.string().nullable(),
    texts: bothLanguages(articleTexts.partial()),
  }),
});
export type NewsVersion = z.infer<typeof newsVersionSchema>;
export const newsVersionsSchema = z.array(newsVersionSchema);

/** ConsoleRestoreNews: the article's texts, category and cover as they were in that version. */
export const restoreNewsBody = z.object({ id: id(), version: version(), auditId: id() });

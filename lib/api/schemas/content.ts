import { z } from 'zod';
import { isoDateTimeSchema } from './common';

// News (docs/api.md InfoNews) and documents (docs/api.md Docs): requests and responses.
// Texts come in the language asked for (`lang`, default en); ids are integers.

export const langSchema = z.enum(['zh-CN', 'en']);
const lang = langSchema.optional();
const intId = () =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be positive')
    .max(2_147_483_647, 'is too large');
const keyword = z.string().trim().max(100, 'is too long');

export const textSegmentSchema = z.object({ text: z.string(), hit: z.boolean() });
export type TextSegment = z.infer<typeof textSegmentSchema>;

/** Where a search matched: the title and a snippet with the matches marked (also as HTML with <mark> only). */
export const matchSchema = z.object({
  title: z.array(textSegmentSchema),
  snippet: z.array(textSegmentSchema),
  snippetHtml: z.string(),
});

// ---- News ----

export const newsCategorySchema = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export const newsCategoriesSchema = z.array(newsCategorySchema);
export const langQuery = z.object({ lang });

export const newsListBody = z.object({
  pageIndex: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  categoryId: z.string().trim().max(40, 'is too long').optional(),
  keyword: keyword.optional(),
  lang,
});

export const newsItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  coverAlt: z.string(),
  source: z.string(),
  author: z.string(),
  publishedAt: z.string(),
  views: z.number().int(),
  /** The article's desktop page. */
  url: z.string(),
  match: matchSchema.optional(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsPageSchema = z.object({
  list: z.array(newsItemSchema),
  total: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

const newsLinkSchema = z.object({ id: z.number().int(), title: z.string(), url: z.string() });
export const newsDetailSchema = newsItemSchema.extend({
  /** Sanitised HTML. */
  body: z.string(),
  updatedAt: z.string(),
  prev: newsLinkSchema.nullable(),
  next: newsLinkSchema.nullable(),
  related: z.array(newsItemSchema),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const newsIdQuery = z.object({ id: intId(), lang });

const textsIn = z.object({
  title: z.string().trim().min(1, 'is required').max(200, 'is too long'),
  summary: z.string().trim().max(600, 'is too long').default(''),
  body: z.string().max(200_000, 'is too long'),
});
const newsTextsIn = textsIn.extend({
  /** Omitted on an update: kept as stored. */
  source: z.string().trim().max(100, 'is too long').optional(),
  author: z.string().trim().max(100, 'is too long').optional(),
  coverAlt: z.string().trim().max(200, 'is too long').optional(),
});
/** Staff: create (no id) or update an article; both languages at once. */
export const saveNewsBody = z.object({
  id: intId().optional(),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens')
    .max(120, 'is too long')
    .optional(),
  categoryId: z.string().trim().min(1, 'is required').max(40, 'is too long'),
  /**
   * A path of this site under /content/ or /files/ (the only paths the image optimiser takes:
   * next.config.ts images.localPatterns): pages load images from their own origin only (the
   * CSP's img-src), and the feed, the article and the SEO snapshot turn it into a URL, which
   * `http://[` or `//host` would break or point elsewhere (issue 27, item 6).
   */
  cover: z
    .string()
    .trim()
    .max(500, 'is too long')
    .regex(
      /^\/(?:content|files)(?:\/[A-Za-z0-9_~%-][A-Za-z0-9._~%-]*)+$/,
      'must be a path on this site under /content/ or /files/, such as /content/news/a.png',
    )
    .nullable()
    .optional(),
  publishedAt: isoDateTimeSchema.optional(),
  /** The version the editor opened: an update is refused (409) when the article was saved since. */
  version: z.number().int().positive().optional(),
  texts: z.object({ 'zh-CN': newsTextsIn, en: newsTextsIn }),
});
export type SaveNewsInput = z.infer<typeof saveNewsBody>;
export const savedSchema = z.object({ id: z.number().int() });
export const NEWS_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
/** A saved article: its id, the version the next save names, and whether it is public. */
export const savedNewsSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(NEWS_STATUSES),
});
export type SavedNews = z.infer<typeof savedNewsSchema>;
export const idBody = z.object({ id: intId() });

// ---- Documents ----

export const attachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bytes: z.number().int(),
  contentType: z.string(),
  url: z.string(),
});
export const crumbSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export type Crumb = z.infer<typeof crumbSchema>;

export const docItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  dirId: z.number().int(),
  title: z.string(),
  summary: z.string(),
  updatedAt: z.string(),
  attachmentCount: z.number().int(),
  url: z.string(),
  match: matchSchema.optional(),
});
export type DocItem = z.infer<typeof docItemSchema>;

export type DirNode = {
  id: number;
  name: string;
  url: string;
  documentCount: number;
  children: DirNode[];
  documents: { id: number; title: string; url: string }[];
};
export const dirNodeSchema: z.ZodType<DirNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    documentCount: z.number().int(),
    children: z.array(dirNodeSchema),
    documents: z.array(z.object({ id: z.number().int(), title: z.string(), url: z.string() })),
  }),
);
export const knowledgeListSchema = z.array(dirNodeSchema);

export const dirSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  documentCount: z.number().int(),
  childCount: z.number().int(),
});
export const dirListingSchema = z.object({
  /** null for the root. */
  dir: dirSummarySchema.nullable(),
  breadcrumbs: z.array(crumbSchema),
  children: z.array(dirSummarySchema),
  documents: z.array(docItemSchema),
});
export type DirListing = z.infer<typeof dirListingSchema>;

export const docDetailSchema = docItemSchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  publishedAt: z.string(),
  breadcrumbs: z.array(crumbSchema),
  attachments: z.array(attachmentSchema),
  prev: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
  next: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
});
export type DocDetail = z.infer<typeof docDetailSchema>;

export const dirIdQuery = z.object({ Id: z.union([z.literal(''), intId()]).optional(), lang });
export const docIdQuery = z.object({ Id: intId(), lang });
export const dirNameQuery = z.object({
  DirName: z.string().trim().min(1, 'is required').max(200, 'is too long'),
  lang,
});

/** Staff: create or update a document (both languages); attachments are managed separately. */
export const saveKnowledgeBody = z.object({
  id: intId().optional(),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens')
    .max(120, 'is too long')
    .optional(),
  dirId: intId(),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  /** The version the editor opened: an update is refused (409) when the document was saved since. */
  version: z.number().int().positive().optional(),
  texts: z.object({
    'zh-CN': z.object({ title: textsIn.shape.title, summary: textsIn.shape.summary, content: textsIn.shape.body }),
    en: z.object({ title: textsIn.shape.title, summary: textsIn.shape.summary, content: textsIn.shape.body }),
  }),
});
export type SaveKnowledgeInput = z.infer<typeof saveKnowledgeBody>;

// ---- Search over both ----

export const searchBody = z.object({
  q: z.string().trim().min(1, 'is required').max(100, 'is too long'),
  kind: z.enum(['all', 'news', 'docs']).default('all'),
  pageIndex: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  lang,
});
export const searchHitSchema = z.object({
  kind: z.enum(['news', 'docs']),
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  date: z.string(),
  rank: z.number(),
  match: matchSchema,
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResultSchema = z.object({
  list: z.array(searchHitSchema),
  total: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

import 'server-only';
import { DEFAULT_LOCALE, type Locale } from '@/lib/shared/locale';
import { fail } from '../errors';
import { handlers } from '../http/handler';
import { dirByName, dirListing, getDocument, knowledgeTree, saveDocument } from '../services/content/documents';
import {
  countView,
  visitorKey,
  deleteNews,
  getNews,
  listCategories,
  listNews,
  saveNews,
} from '../services/content/news';
import { afterContentChange } from '../services/content/revalidate';
import { searchContent } from '../services/content/search';
import { documentSnapshot, newsSnapshot } from '../services/content/snapshots';
import { msg } from '@/lib/i18n/server-messages';

const loc = (l: Locale | undefined): Locale => l ?? DEFAULT_LOCALE;

export const contentHandlers = handlers({
  // News (docs/api.md InfoNews)
  QueryNewsCategory: ({ db, query, meta }) => listCategories(db, loc(query.lang), meta.now),
  QueryNewsForPage: ({ db, body, meta }) =>
    listNews(db, {
      locale: loc(body.lang),
      pageIndex: body.pageIndex,
      pageSize: body.pageSize,
      categoryId: body.categoryId || null,
      keyword: body.keyword || null,
      now: meta.now,
    }),
  QueryNewsById: async ({ db, query, meta, user }) => {
    const visitor = visitorKey({ userId: user?.id ?? null, ip: meta.ip });
    const views = await countView(db, query.id, visitor, meta.now);
    const article = views === null ? null : await getNews(db, query.id, loc(query.lang), meta.now);
    if (!article) throw fail.notFound(msg('content.noArticle'));
    return article;
  },
  // Publishing is for editors: the contract says so and the dispatcher enforces it, and records
  // each change in the audit log in its transaction (docs/access-policy.md, docs/console.md).
  SaveNews: async ({ db, body, meta, audit, afterCommit }) => {
    const before = body.id ? await newsSnapshot(db, body.id) : null;
    const saved = await saveNews(db, body, meta.now);
    audit({ entity: 'news', entityId: saved.id, before, after: await newsSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'news'));
    return saved;
  },
  DeleteNews: async ({ db, body, audit, afterCommit }) => {
    const before = await newsSnapshot(db, body.id);
    await deleteNews(db, body.id);
    audit({ entity: 'news', entityId: body.id, before, after: null });
    afterCommit((root) => afterContentChange(root, 'news'));
  },

  // Documents (docs/api.md Docs)
  GetWebKnowledgeList: ({ db, query, meta }) => knowledgeTree(db, loc(query.lang), meta.now),
  GetDirListToWeb: async ({ db, query, meta }) => {
    const listing = await dirListing(db, query.Id ? query.Id : null, loc(query.lang), meta.now);
    if (!listing) throw fail.notFound(msg('content.noDirectory'));
    return listing;
  },
  GetDirListToWebByName: async ({ db, query, meta }) => {
    const listing = await dirByName(db, query.DirName, loc(query.lang), meta.now);
    if (!listing) throw fail.notFound(msg('content.noDirectory'));
    return listing;
  },
  GetWebKnowledgeInfo: async ({ db, query, meta }) => {
    const doc = await getDocument(db, query.Id, loc(query.lang), meta.now);
    if (!doc) throw fail.notFound(msg('content.noDocument'));
    return doc;
  },
  SearchContent: ({ db, body, meta }) =>
    searchContent(db, {
      q: body.q,
      kind: body.kind,
      locale: loc(body.lang),
      pageIndex: body.pageIndex,
      pageSize: body.pageSize,
      now: meta.now,
    }),
  SaveKnowledge: async ({ db, body, meta, audit, afterCommit }) => {
    const before = body.id ? await documentSnapshot(db, body.id) : null;
    const saved = await saveDocument(db, body, meta.now);
    audit({ entity: 'document', entityId: saved.id, before, after: await documentSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },
});

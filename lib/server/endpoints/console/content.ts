import 'server-only';
import { handlers } from '../../http/handler';
import { afterContentChange } from '../../services/content/revalidate';
import { saveNews } from '../../services/content/news';
import { previewToken } from '../../services/content/preview-token';
import { newsSnapshot } from '../../services/content/snapshots';
import {
  getConsoleArticle,
  listConsoleNews,
  newsVersions,
  publishNews,
  restoreNews,
  unpublishNews,
} from '../../services/console/news';

/**
 * News in the console (docs/console.md "Content"). Each write runs in the dispatcher's
 * transaction with its audit record (the article before and after, which is also the version
 * list); pages showing news are expired once it has committed.
 */
export const consoleContentHandlers = handlers({
  ConsoleNewsList: ({ db, body }) => listConsoleNews(db, body),
  ConsoleNewsGet: ({ db, body }) => getConsoleArticle(db, body.id),
  ConsoleNewsVersions: ({ db, body }) => newsVersions(db, body.id),
  // The article must exist (404 otherwise); the link shows it as saved whenever it is opened.
  ConsoleNewsPreview: async ({ db, body, meta }) => {
    await getConsoleArticle(db, body.id);
    return previewToken('news', body.id, meta.now);
  },
  ConsoleSaveNewsDraft: async ({ db, body, meta, audit }) => {
    const before = body.id ? await newsSnapshot(db, body.id) : null;
    // Drafts are not public: no page to expire.
    const saved = await saveNews(db, body, meta.now, { draftsOnly: true });
    audit({ entity: 'news', entityId: saved.id, before, after: await newsSnapshot(db, saved.id) });
    return saved;
  },
  ConsolePublishNews: async ({ db, body, meta, audit, afterCommit }) => {
    const before = await newsSnapshot(db, body.id);
    const saved = await publishNews(db, body, meta.now);
    audit({ entity: 'news', entityId: saved.id, before, after: await newsSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'news'));
    return saved;
  },
  ConsoleUnpublishNews: async ({ db, body, meta, audit, afterCommit }) => {
    const before = await newsSnapshot(db, body.id);
    const saved = await unpublishNews(db, body, meta.now);
    audit({ entity: 'news', entityId: saved.id, before, after: await newsSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'news'));
    return saved;
  },
  ConsoleRestoreNews: async ({ db, body, meta, audit, afterCommit }) => {
    const before = await newsSnapshot(db, body.id);
    const saved = await restoreNews(db, body, meta.now);
    audit({
      entity: 'news',
      entityId: saved.id,
      before,
      after: await newsSnapshot(db, saved.id),
      reason: `restored from audit record ${body.auditId}`,
    });
    if (saved.status !== 'draft') afterCommit((root) => afterContentChange(root, 'news'));
    return saved;
  },
});

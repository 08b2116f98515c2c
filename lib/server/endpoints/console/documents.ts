import 'server-only';
import type { SessionUser } from '../../auth/sessions';
import { fileStorage } from '../../adapters/storage';
import { handlers } from '../../http/handler';
import { saveDocument } from '../../services/content/documents';
import { previewToken } from '../../services/content/preview-token';
import { afterContentChange } from '../../services/content/revalidate';
import { documentSnapshot } from '../../services/content/snapshots';
import { addAttachment, orderAttachments, removeAttachment } from '../../services/console/doc-attachments';
import { consoleDirTree, createDir, deleteDir, dirSnapshot, moveDir, renameDir } from '../../services/console/doc-dirs';
import {
  documentVersions,
  getConsoleDocument,
  listConsoleDocuments,
  publishDocument,
  restoreDocument,
  unpublishDocument,
} from '../../services/console/documents';

/** Editors (and admins) change documents of any status; a contributor only drafts. */
const actorOf = (user: SessionUser) => ({
  userId: user.id,
  draftsOnly: !user.roles.some((r) => r === 'editor' || r === 'admin'),
});

/**
 * Documents in the console (docs/console.md "Documents"). Each write runs in the dispatcher's
 * transaction with its audit record (the document before and after, which is also the version
 * list); the pages showing documents are expired once it has committed, unless only a draft
 * changed.
 */
export const consoleDocumentHandlers = handlers({
  ConsoleDocumentList: ({ db, body }) => listConsoleDocuments(db, body),
  ConsoleDocumentGet: ({ db, body, meta }) => getConsoleDocument(db, body.id, meta.now),
  ConsoleDocumentVersions: ({ db, body }) => documentVersions(db, body.id),
  // The document must exist (404 otherwise); the link shows it as saved whenever it is opened.
  ConsoleDocumentPreview: async ({ db, body, meta }) => {
    await getConsoleDocument(db, body.id, meta.now);
    return previewToken('docs', body.id, meta.now);
  },
  ConsoleSaveDocumentDraft: async ({ db, body, meta, audit }) => {
    const before = body.id ? await documentSnapshot(db, body.id) : null;
    const saved = await saveDocument(db, body, meta.now, { draftsOnly: true });
    audit({ entity: 'document', entityId: saved.id, before, after: await documentSnapshot(db, saved.id) });
    return saved;
  },
  ConsolePublishDocument: async ({ db, body, meta, audit, afterCommit }) => {
    const before = await documentSnapshot(db, body.id);
    const saved = await publishDocument(db, body, meta.now);
    audit({ entity: 'document', entityId: saved.id, before, after: await documentSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },
  ConsoleUnpublishDocument: async ({ db, body, meta, audit, afterCommit }) => {
    const before = await documentSnapshot(db, body.id);
    const saved = await unpublishDocument(db, body, meta.now);
    audit({ entity: 'document', entityId: saved.id, before, after: await documentSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },
  ConsoleRestoreDocument: async ({ db, body, meta, audit, afterCommit }) => {
    const before = await documentSnapshot(db, body.id);
    const saved = await restoreDocument(db, body, meta.now);
    audit({
      entity: 'document',
      entityId: saved.id,
      before,
      after: await documentSnapshot(db, saved.id),
      reason: `restored from audit record ${body.auditId}`,
    });
    if (saved.status !== 'draft') afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },
  ConsoleAddDocumentAttachment: async ({ db, body, meta, user, audit, afterCommit }) => {
    const before = await documentSnapshot(db, body.id);
    const saved = await addAttachment(db, body, actorOf(user), meta.now);
    audit({ entity: 'document', entityId: saved.id, before, after: await documentSnapshot(db, saved.id) });
    if (saved.status !== 'draft') afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },
  ConsoleRemoveDocumentAttachment: async ({ db, body, meta, user, audit, afterCommit }) => {
    const before = await documentSnapshot(db, body.id);
    const { saved, fileKey } = await removeAttachment(db, body, actorOf(user), meta.now);
    audit({ entity: 'document', entityId: saved.id, before, after: await documentSnapshot(db, saved.id) });
    // The file goes once the row that named it has: a removed attachment is no longer downloadable.
    afterCommit(async (root) => {
      await fileStorage().delete(fileKey);
      if (saved.status !== 'draft') await afterContentChange(root, 'docs');
    });
    return saved;
  },
  ConsoleOrderDocumentAttachments: async ({ db, body, meta, user, audit, afterCommit }) => {
    const before = await documentSnapshot(db, body.id);
    const saved = await orderAttachments(db, body, actorOf(user), meta.now);
    audit({ entity: 'document', entityId: saved.id, before, after: await documentSnapshot(db, saved.id) });
    if (saved.status !== 'draft') afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },

  // Directories: their names and places show on every documents page.
  ConsoleDocDirs: ({ db }) => consoleDirTree(db),
  ConsoleCreateDocDir: async ({ db, body, meta, audit, afterCommit }) => {
    const saved = await createDir(db, body, meta.now);
    audit({ entity: 'doc_dir', entityId: saved.id, before: null, after: await dirSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },
  ConsoleRenameDocDir: async ({ db, body, audit, afterCommit }) => {
    const before = await dirSnapshot(db, body.id);
    const saved = await renameDir(db, body);
    audit({ entity: 'doc_dir', entityId: saved.id, before, after: await dirSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },
  ConsoleMoveDocDir: async ({ db, body, audit, afterCommit }) => {
    const before = await dirSnapshot(db, body.id);
    const saved = await moveDir(db, body);
    audit({ entity: 'doc_dir', entityId: saved.id, before, after: await dirSnapshot(db, saved.id) });
    afterCommit((root) => afterContentChange(root, 'docs'));
    return saved;
  },
  ConsoleDeleteDocDir: async ({ db, body, audit, afterCommit }) => {
    const before = await dirSnapshot(db, body.id);
    await deleteDir(db, body.id);
    audit({ entity: 'doc_dir', entityId: body.id, before, after: null });
    afterCommit((root) => afterContentChange(root, 'docs'));
  },
});

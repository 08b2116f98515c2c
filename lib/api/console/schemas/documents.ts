import { z } from 'zod';
import { NEWS_STATUSES, saveKnowledgeBody } from '../../schemas/content';
import { isoDateTimeSchema } from '../../schemas/common';

// Documents in the console (docs/console.md "Documents"): drafts, versions, publishing,
// directories and attachments. A document's status values are the news statuses.

const id = () => z.coerce.number().int('must be a whole number').positive('must be a positive id');
const version = () => z.number().int('must be a whole number').positive('must be a version number');
const bothLanguages = <T extends z.ZodType>(t: T) => z.object({ 'zh-CN': t, en: t });

export const DOCUMENT_STATUSES = NEWS_STATUSES;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** ConsoleDocumentList: documents of every status, filtered, the last changed first. */
export const consoleDocumentQueryBody = z.object({
  /** A directory: its documents and those of every directory beneath it. */
  dirId: id().optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  /** Words of the title in either language. */
  q: z.string().trim().max(100, 'is too long').optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsoleDocumentQuery = z.output<typeof consoleDocumentQueryBody>;

export const consoleDocumentRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  dirId: z.number().int(),
  title: bothLanguages(z.string()),
  attachmentCount: z.number().int(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ConsoleDocumentRow = z.infer<typeof consoleDocumentRowSchema>;
export const consoleDocumentPageSchema = z.object({
  items: z.array(consoleDocumentRowSchema),
  total: z.number().int(),
});
export type ConsoleDocumentPage = z.infer<typeof consoleDocumentPageSchema>;

const documentTexts = z.object({ title: z.string(), summary: z.string(), content: z.string() });
export type DocumentTexts = z.infer<typeof documentTexts>;

export const consoleAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bytes: z.number().int(),
  contentType: z.string(),
  url: z.string(),
});
export type ConsoleAttachment = z.infer<typeof consoleAttachmentSchema>;

/** ConsoleDocumentGet: a document as the editor opens it, both languages, whatever its status. */
export const consoleDocumentSchema = consoleDocumentRowSchema.omit({ title: true, attachmentCount: true }).extend({
  sort: z.number().int(),
  texts: bothLanguages(documentTexts),
  attachments: z.array(consoleAttachmentSchema),
});
export type ConsoleDocument = z.infer<typeof consoleDocumentSchema>;

export const documentIdBody = z.object({ id: id() });

/** What every document write answers: the version the next write names, and the status. */
export const savedDocumentSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
});
export type SavedDocument = z.infer<typeof savedDocumentSchema>;

/** ConsoleSaveDocumentDraft: SaveKnowledge's body; a new document is a draft, only drafts are edited. */
export const saveDocumentDraftBody = saveKnowledgeBody;

/** ConsolePublishDocument: now (no `at`, or `at` not after now), or scheduled for `at`. */
export const publishDocumentBody = z.object({
  id: id(),
  version: version(),
  at: isoDateTimeSchema.optional(),
});
export const documentVersionBody = z.object({ id: id(), version: version() });

/** One saved state of a document, as its audit record keeps it. */
export const documentVersionSchema = z.object({
  auditId: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  version: z.number().int().nullable(),
  status: z.enum(DOCUMENT_STATUSES).nullable(),
  document: z.object({
    dirId: z.number().int().nullable(),
    texts: bothLanguages(documentTexts.partial()),
    attachments: z.array(z.string()),
  }),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;
export const documentVersionsSchema = z.array(documentVersionSchema);

/** ConsoleRestoreDocument: the texts and directory of that version as the next version. */
export const restoreDocumentBody = z.object({ id: id(), version: version(), auditId: id() });

// ---- Attachments ----

/**
 * ConsoleAddDocumentAttachment: a file the caller uploaded with an upload grant (its key, as the
 * upload answered), under the name readers download it by.
 */
export const addAttachmentBody = z.object({
  id: id(),
  version: version(),
  key: z.string().trim().min(1, 'is required').max(512, 'is too long'),
  name: z.string().trim().min(1, 'is required').max(120, 'is too long'),
});
export const removeAttachmentBody = z.object({ id: id(), version: version(), attachmentId: id() });
/** ConsoleOrderDocumentAttachments: every attachment of the document, in the new order. */
export const orderAttachmentsBody = z.object({
  id: id(),
  version: version(),
  order: z.array(id()).max(100, 'has too many items'),
});

// ---- Directories ----

const dirName = z.string().trim().min(1, 'is required').max(80, 'is too long');
export const dirNamesSchema = bothLanguages(dirName);

export type ConsoleDir = {
  id: number;
  parentId: number | null;
  sort: number;
  name: { 'zh-CN': string; en: string };
  /** Documents directly in it, of every status. */
  documentCount: number;
  children: ConsoleDir[];
};
export const consoleDirSchema: z.ZodType<ConsoleDir> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    sort: z.number().int(),
    name: bothLanguages(z.string()),
    documentCount: z.number().int(),
    children: z.array(consoleDirSchema),
  }),
);
export const consoleDirTreeSchema = z.array(consoleDirSchema);

export const createDirBody = z.object({ parentId: id().nullable().default(null), name: dirNamesSchema });
export const renameDirBody = z.object({ id: id(), name: dirNamesSchema });
/** ConsoleMoveDocDir: under another directory (null: the top level), never under itself. */
export const moveDirBody = z.object({ id: id(), parentId: id().nullable() });
export const dirIdBody = z.object({ id: id() });
export const savedDirSchema = z.object({ id: z.number().int() });

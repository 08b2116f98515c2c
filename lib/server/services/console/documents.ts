import 'server-only';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ConsoleDocument,
  ConsoleDocumentPage,
  ConsoleDocumentQuery,
  DocumentStatus,
  DocumentTexts,
  DocumentVersion,
  SavedDocument,
} from '@/lib/api/console/schemas/documents';
import { LOCALES, type Locale } from '@/lib/shared/locale';
import { msg } from '@/lib/i18n/server-messages';
import type { Db, Tx } from '../../db/client';
import { docAttachments, documents, documentTexts } from '../../db/schema';
import { fail } from '../../errors';
import { fileUrl } from '../accounts/uploads';
import { lockDocument, saveDocument, savedColumns } from '../content/documents';
import { dirsBeneath } from './doc-dirs';
import { findVersion, listVersions, versionHead, type VersionRow } from './versions';

const zh = alias(documentTexts, 'zh');
const en = alias(documentTexts, 'en');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const attachmentCount = sql<number>`(select count(*)::int from ${docAttachments} where ${docAttachments.documentId} = ${documents.id})`;

/** ConsoleDocumentList: drafts, scheduled and published documents alike, the last changed first. */
export async function listConsoleDocuments(db: Db, q: ConsoleDocumentQuery): Promise<ConsoleDocumentPage> {
  const conds: SQL[] = [];
  if (q.dirId) conds.push(inArray(documents.dirId, await dirsBeneath(db, q.dirId)));
  if (q.status) conds.push(eq(documents.status, q.status));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    conds.push(or(ilike(zh.title, like), ilike(en.title, like))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [[total], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(documents)
      .leftJoin(zh, and(eq(zh.documentId, documents.id), eq(zh.locale, 'zh-CN')))
      .leftJoin(en, and(eq(en.documentId, documents.id), eq(en.locale, 'en')))
      .where(where),
    db
      .select({
        id: documents.id,
        slug: documents.slug,
        status: documents.status,
        dirId: documents.dirId,
        publishedAt: documents.publishedAt,
        updatedAt: documents.updatedAt,
        version: documents.version,
        attachmentCount,
        zh: zh.title,
        en: en.title,
      })
      .from(documents)
      .leftJoin(zh, and(eq(zh.documentId, documents.id), eq(zh.locale, 'zh-CN')))
      .leftJoin(en, and(eq(en.documentId, documents.id), eq(en.locale, 'en')))
      .where(where)
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      status: r.status,
      dirId: r.dirId,
      attachmentCount: Number(r.attachmentCount),
      publishedAt: r.publishedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      version: r.version,
      title: { 'zh-CN': r.zh ?? '', en: r.en ?? '' },
    })),
  };
}

const emptyTexts = (): DocumentTexts => ({ title: '', summary: '', content: '' });

/** ConsoleDocumentGet: one document as the editor opens it, with its attachments in order. */
export async function getConsoleDocument(db: Db, id: number, now: Date): Promise<ConsoleDocument> {
  const [d] = await db.select().from(documents).where(eq(documents.id, id));
  if (!d) throw fail.notFound(msg('content.noDocument'));
  const [texts, files] = await Promise.all([
    db.select().from(documentTexts).where(eq(documentTexts.documentId, id)),
    db
      .select()
      .from(docAttachments)
      .where(eq(docAttachments.documentId, id))
      .orderBy(docAttachments.sort, docAttachments.id),
  ]);
  const byLocale = Object.fromEntries(LOCALES.map((l) => [l, emptyTexts()])) as Record<Locale, DocumentTexts>;
  for (const t of texts) byLocale[t.locale as Locale] = { title: t.title, summary: t.summary, content: t.content };
  return {
    id: d.id,
    slug: d.slug,
    status: d.status,
    dirId: d.dirId,
    sort: d.sort,
    publishedAt: d.publishedAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    version: d.version,
    texts: byLocale,
    attachments: files.map((f) => ({
      id: f.id,
      name: f.name,
      bytes: f.bytes,
      contentType: f.contentType,
      url: fileUrl(f.fileKey, now),
    })),
  };
}

/** A write that changes no text: the document's next version, touched now. */
export async function bumpDocument(
  tx: Db | Tx,
  id: number,
  now: Date,
  set: { status?: DocumentStatus; publishedAt?: Date } = {},
) {
  const [row] = await tx
    .update(documents)
    .set({ ...set, version: sql`${documents.version} + 1`, updatedAt: now })
    .where(eq(documents.id, id))
    .returning(savedColumns);
  return row!;
}

/**
 * ConsolePublishDocument: public now, or scheduled for `at` (the publish job makes it public
 * then). Publishing what is already public is refused, not repeated.
 */
export async function publishDocument(
  tx: Db | Tx,
  input: { id: number; version: number; at?: string },
  now: Date,
): Promise<SavedDocument> {
  const row = await lockDocument(tx, input.id, input.version);
  const at = input.at ? new Date(input.at) : null;
  if (at && at > now) return bumpDocument(tx, input.id, now, { status: 'scheduled', publishedAt: at });
  if (row.status === 'published') throw fail.conflict(msg('documents.alreadyPublished'));
  return bumpDocument(tx, input.id, now, { status: 'published', publishedAt: now });
}

/** ConsoleUnpublishDocument: a published or scheduled document goes back to being a draft. */
export async function unpublishDocument(tx: Db | Tx, input: { id: number; version: number }, now: Date) {
  const row = await lockDocument(tx, input.id, input.version);
  if (row.status === 'draft') throw fail.conflict(msg('documents.notPublished'));
  return bumpDocument(tx, input.id, now, { status: 'draft' });
}

type Snapshot = {
  status?: DocumentStatus;
  version?: number;
  dirId?: number;
  texts?: Partial<Record<Locale, Partial<DocumentTexts>>>;
  attachments?: { name: string }[];
};

const asVersion = (r: VersionRow): DocumentVersion => {
  const s = r.after as Snapshot;
  return {
    ...versionHead(r, s),
    status: s.status ?? null,
    document: {
      dirId: s.dirId ?? null,
      texts: { 'zh-CN': s.texts?.['zh-CN'] ?? {}, en: s.texts?.en ?? {} },
      attachments: (s.attachments ?? []).map((a) => a.name),
    },
  };
};

/** ConsoleDocumentVersions: every saved state, newest first, from the document's audit records. */
export async function documentVersions(db: Db, id: number): Promise<DocumentVersion[]> {
  return (await listVersions(db, 'document', id)).map(asVersion);
}

/**
 * ConsoleRestoreDocument: a version's texts and directory as the document's next version, through
 * the one document save (sanitised, version checked); its status and attachments stay as they are.
 */
export async function restoreDocument(
  tx: Db | Tx,
  input: { id: number; version: number; auditId: number },
  now: Date,
): Promise<SavedDocument> {
  const row = await findVersion(tx, 'document', input.id, input.auditId);
  if (!row) throw fail.invalid('auditId', msg('documents.noVersion'));
  const { document } = asVersion(row);
  const [current] = await tx
    .select({ dirId: documents.dirId, sort: documents.sort })
    .from(documents)
    .where(eq(documents.id, input.id));
  if (!current) throw fail.notFound(msg('content.noDocument'));
  const text = (l: Locale) => ({ ...emptyTexts(), ...document.texts[l] });
  return saveDocument(
    tx as Db,
    {
      id: input.id,
      version: input.version,
      dirId: document.dirId ?? current.dirId,
      sort: current.sort,
      texts: { 'zh-CN': text('zh-CN'), en: text('en') },
    },
    now,
  );
}

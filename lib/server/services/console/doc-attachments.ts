import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, max } from 'drizzle-orm';
import type { SavedDocument } from '@/lib/api/console/schemas/documents';
import { msg } from '@/lib/i18n/server-messages';
import { fileStorage } from '../../adapters/storage';
import { EXTENSION, type SniffedType } from '../../adapters/storage/sniff';
import type { Db, Tx } from '../../db/client';
import { docAttachments, storedFiles } from '../../db/schema';
import { fail } from '../../errors';
import { lockDocument } from '../content/documents';
import { bumpDocument } from './documents';

/** Who may change attachments of which documents: a contributor those of drafts only. */
export type AttachmentActor = { userId: string; draftsOnly: boolean };

/**
 * The name readers download: the given name's letters, digits, dots, dashes and underscores
 * (file keys allow no other), ending in the extension of the type the upload sniffed.
 */
export function downloadName(name: string, type: SniffedType): string {
  const ext = EXTENSION[type];
  const stem = name
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+|-+$/g, '')
    .slice(0, 80);
  return `${stem || 'attachment'}.${ext}`;
}

/**
 * ConsoleAddDocumentAttachment: a file the caller stored with an upload grant (the upload checked
 * its type, size and content) joins the document last. Its bytes are copied to a public key of
 * the document's (`docs/d<id>/<random>/<name>`), since a staff member's uploaded PDF is private
 * to them; the copy is written before the row that names it, as uploads are.
 */
export async function addAttachment(
  tx: Db | Tx,
  input: { id: number; version: number; key: string; name: string },
  actor: AttachmentActor,
  now: Date,
): Promise<SavedDocument> {
  await lockDocument(tx, input.id, input.version, { draftsOnly: actor.draftsOnly });
  const [file] = await tx
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.key, input.key), eq(storedFiles.userId, actor.userId)));
  if (!file) throw fail.invalid('key', msg('documents.notYourUpload'));
  const storage = fileStorage();
  const obj = await storage.get(file.key);
  if (!obj) throw fail.invalid('key', msg('documents.fileMissing'));
  const type = file.contentType as SniffedType;
  // Readers see the name as given (with the extension of what the file is); its key takes a safe form.
  const name = `${input.name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.${EXTENSION[type]}`;
  const key = `docs/d${input.id}/${randomBytes(8).toString('hex')}/${downloadName(input.name, type)}`;
  await storage.put(key, obj.bytes, file.contentType);
  const [last] = await tx
    .select({ s: max(docAttachments.sort) })
    .from(docAttachments)
    .where(eq(docAttachments.documentId, input.id));
  await tx.insert(docAttachments).values({
    documentId: input.id,
    fileKey: key,
    name,
    bytes: file.bytes,
    contentType: file.contentType,
    sort: (last?.s ?? -1) + 1,
  });
  return bumpDocument(tx, input.id, now);
}

/**
 * ConsoleRemoveDocumentAttachment: the row goes in the transaction; the answer names the file
 * key, which the caller deletes from storage once the removal has committed.
 */
export async function removeAttachment(
  tx: Db | Tx,
  input: { id: number; version: number; attachmentId: number },
  actor: AttachmentActor,
  now: Date,
): Promise<{ saved: SavedDocument; fileKey: string }> {
  await lockDocument(tx, input.id, input.version, { draftsOnly: actor.draftsOnly });
  const [gone] = await tx
    .delete(docAttachments)
    .where(and(eq(docAttachments.id, input.attachmentId), eq(docAttachments.documentId, input.id)))
    .returning({ fileKey: docAttachments.fileKey });
  if (!gone) throw fail.invalid('attachmentId', msg('documents.noAttachment'));
  return { saved: await bumpDocument(tx, input.id, now), fileKey: gone.fileKey };
}

/** ConsoleOrderDocumentAttachments: `order` names every attachment of the document once. */
export async function orderAttachments(
  tx: Db | Tx,
  input: { id: number; version: number; order: number[] },
  actor: AttachmentActor,
  now: Date,
): Promise<SavedDocument> {
  await lockDocument(tx, input.id, input.version, { draftsOnly: actor.draftsOnly });
  const rows = await tx
    .select({ id: docAttachments.id })
    .from(docAttachments)
    .where(eq(docAttachments.documentId, input.id))
    .orderBy(asc(docAttachments.id));
  const have = rows.map((r) => r.id).sort((a, b) => a - b);
  const given = [...input.order].sort((a, b) => a - b);
  if (have.length !== given.length || have.some((id, i) => id !== given[i]))
    throw fail.invalid('order', msg('documents.orderMismatch'));
  for (const [sort, id] of input.order.entries())
    await tx.update(docAttachments).set({ sort }).where(eq(docAttachments.id, id));
  return bumpDocument(tx, input.id, now);
}

import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Crumb, DirListing, DirNode, DocDetail, DocItem, SaveKnowledgeInput } from '@/lib/api/schemas/content';
import type { SavedDocument } from '@/lib/api/console/schemas/documents';
import { dirUrl, docUrl } from '@/lib/content/urls';
import { LOCALES, type Locale } from '@/lib/shared/locale';
import { filesPublicPath } from '../../adapters/storage';
import type { Db, Tx } from '../../db/client';
import { docAttachments, docDirTexts, docDirs, documentTexts, documents } from '../../db/schema';
import { fail } from '../../errors';
import { htmlToText, sanitizeRichText } from './sanitize';
import { tsvectorLiteral } from './search-tokens';
import { msg } from '@/lib/i18n/server-messages';

type Dir = { id: number; parentId: number | null; name: string; sort: number };
type DocRow = {
  id: number;
  slug: string;
  dirId: number;
  sort: number;
  title: string;
  summary: string;
  updatedAt: Date;
  attachmentCount: number;
};

/** The directory table is small (tens of rows): read it whole and walk it in memory. */
async function allDirs(db: Db, locale: Locale): Promise<Dir[]> {
  return db
    .select({ id: docDirs.id, parentId: docDirs.parentId, name: docDirTexts.name, sort: docDirs.sort })
    .from(docDirs)
    .innerJoin(docDirTexts, and(eq(docDirTexts.dirId, docDirs.id), eq(docDirTexts.locale, locale)))
    .orderBy(asc(docDirs.sort), asc(docDirs.id));
}

/**
 * Only what is published by `now` is public (docs/console.md "Documents"): never a draft, nor a
 * scheduled document before the publish job has run.
 */
export const isDocumentPublished = (now: Date) =>
  and(eq(documents.status, 'published'), sql`${documents.publishedAt} <= ${now.toISOString()}::timestamptz`)!;

const attachmentCount = sql<number>`(select count(*)::int from ${docAttachments} where ${docAttachments.documentId} = ${documents.id})`;

async function docRows(db: Db, locale: Locale, dirIds?: number[], now = new Date()): Promise<DocRow[]> {
  const q = db
    .select({
      id: documents.id,
      slug: documents.slug,
      dirId: documents.dirId,
      sort: documents.sort,
      title: documentTexts.title,
      summary: documentTexts.summary,
      updatedAt: documents.updatedAt,
      attachmentCount,
    })
    .from(documents)
    .innerJoin(documentTexts, and(eq(documentTexts.documentId, documents.id), eq(documentTexts.locale, locale)));
  const published = isDocumentPublished(now);
  const rows = await q
    .where(dirIds ? and(published, inArray(documents.dirId, dirIds.length ? dirIds : [-1])) : published)
    .orderBy(asc(documents.sort), asc(documents.id));
  return rows.map((r) => ({ ...r, attachmentCount: Number(r.attachmentCount) }));
}

const toItem = (r: DocRow): DocItem => ({
  id: r.id,
  slug: r.slug,
  dirId: r.dirId,
  title: r.title,
  summary: r.summary,
  updatedAt: r.updatedAt.toISOString(),
  attachmentCount: r.attachmentCount,
  url: docUrl(r.id, r.slug),
});

function childrenOf(dirs: Dir[]) {
  const m = new Map<number | null, Dir[]>();
  for (const d of dirs) m.set(d.parentId, [...(m.get(d.parentId) ?? []), d]);
  return m;
}

/** Root → … → dir, as breadcrumbs. */
function trail(dirs: Dir[], id: number | null): Crumb[] {
  const byId = new Map(dirs.map((d) => [d.id, d]));
  const out: Crumb[] = [];
  let cur = id === null ? undefined : byId.get(id);
  for (let guard = 0; cur && guard < 32; guard++) {
    out.unshift({ id: cur.id, name: cur.name, url: dirUrl(cur.id) });
    cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
  }
  return out;
}

function descendants(kids: Map<number | null, Dir[]>, id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const c of kids.get(out[i]!) ?? []) out.push(c.id);
  return out;
}

/** GetWebKnowledgeList: the whole directory tree, each directory with its documents' titles. */
export async function knowledgeTree(db: Db, locale: Locale, now = new Date()): Promise<DirNode[]> {
  const [dirs, docs] = await Promise.all([allDirs(db, locale), docRows(db, locale, undefined, now)]);
  const kids = childrenOf(dirs);
  const docsIn = new Map<number, DocRow[]>();
  for (const d of docs) docsIn.set(d.dirId, [...(docsIn.get(d.dirId) ?? []), d]);
  const build = (d: Dir): DirNode => {
    const children = (kids.get(d.id) ?? []).map(build);
    const own = docsIn.get(d.id) ?? [];
    return {
      id: d.id,
      name: d.name,
      url: dirUrl(d.id),
      documentCount: own.length + children.reduce((n, c) => n + c.documentCount, 0),
      children,
      documents: own.map((x) => ({ id: x.id, title: x.title, url: docUrl(x.id, x.slug) })),
    };
  };
  return (kids.get(null) ?? []).map(build);
}

/**
 * GetDirListToWeb: a directory (the root when `id` is null) with its
 * sub-directories and the documents in it and beneath it; null when there is no such directory.
 */
export async function dirListing(
  db: Db,
  id: number | null,
  locale: Locale,
  now = new Date(),
): Promise<DirListing | null> {
  const dirs = await allDirs(db, locale);
  const kids = childrenOf(dirs);
  const dir = id === null ? null : dirs.find((d) => d.id === id);
  if (id !== null && !dir) return null;
  const scope = id === null ? dirs.map((d) => d.id) : descendants(kids, id);
  const docs = await docRows(db, locale, scope, now);
  const countIn = (dirId: number) => {
    const ids = new Set(descendants(kids, dirId));
    return docs.filter((d) => ids.has(d.dirId)).length;
  };
  const summary = (d: Dir) => ({
    id: d.id,
    name: d.name,
    url: dirUrl(d.id),
    documentCount: countIn(d.id),
    childCount: (kids.get(d.id) ?? []).length,
  });
  // Documents of this directory first, then those of its sub-directories in tree order.
  const order = new Map(scope.map((dirId, i) => [dirId, i]));
  const sorted = [...docs].sort((a, b) => order.get(a.dirId)! - order.get(b.dirId)! || a.sort - b.sort || a.id - b.id);
  return {
    dir: dir ? summary(dir) : null,
    breadcrumbs: trail(dirs, id),
    children: (kids.get(id) ?? []).map(summary),
    documents: sorted.map(toItem),
  };
}

/** GetDirListToWebByName: the directory whose name (in either language, any case) is `name`. */
export async function dirByName(db: Db, name: string, locale: Locale, now = new Date()): Promise<DirListing | null> {
  const [hit] = await db
    .select({ id: docDirTexts.dirId })
    .from(docDirTexts)
    .where(sql`lower(${docDirTexts.name}) = lower(${name.trim()})`)
    .orderBy(sql`${docDirTexts.locale} = ${locale} desc`, asc(docDirTexts.dirId))
    .limit(1);
  return hit ? dirListing(db, hit.id, locale, now) : null;
}

/**
 * GetWebKnowledgeInfo: one published document with breadcrumbs, attachments and its neighbours in
 * the directory. `anyStatus` (the console's preview only, docs/console.md "Preview") takes a draft
 * or scheduled document too; its neighbours are still published ones.
 */
export async function getDocument(
  db: Db,
  id: number,
  locale: Locale,
  now = new Date(),
  { anyStatus = false } = {},
): Promise<DocDetail | null> {
  const [row] = await db
    .select({
      id: documents.id,
      slug: documents.slug,
      dirId: documents.dirId,
      sort: documents.sort,
      title: documentTexts.title,
      summary: documentTexts.summary,
      content: documentTexts.content,
      publishedAt: documents.publishedAt,
      updatedAt: documents.updatedAt,
      attachmentCount,
    })
    .from(documents)
    .innerJoin(documentTexts, and(eq(documentTexts.documentId, documents.id), eq(documentTexts.locale, locale)))
    .where(anyStatus ? eq(documents.id, id) : and(eq(documents.id, id), isDocumentPublished(now)))
    .limit(1);
  if (!row) return null;
  const [dirs, files, siblings] = await Promise.all([
    allDirs(db, locale),
    db
      .select()
      .from(docAttachments)
      .where(eq(docAttachments.documentId, id))
      .orderBy(asc(docAttachments.sort), asc(docAttachments.id)),
    docRows(db, locale, [row.dirId], now),
  ]);
  const at = siblings.findIndex((s) => s.id === id);
  const link = (s: DocRow | undefined) => (s ? { id: s.id, title: s.title, url: docUrl(s.id, s.slug) } : null);
  const base = filesPublicPath();
  return {
    ...toItem({ ...row, attachmentCount: Number(row.attachmentCount) }),
    content: sanitizeRichText(row.content),
    publishedAt: row.publishedAt.toISOString(),
    breadcrumbs: trail(dirs, row.dirId),
    attachments: files.map((f) => ({
      id: f.id,
      name: f.name,
      bytes: f.bytes,
      contentType: f.contentType,
      url: base + f.fileKey,
    })),
    prev: link(at > 0 ? siblings[at - 1] : undefined),
    next: link(at >= 0 ? siblings[at + 1] : undefined),
  };
}

/** Everything the sitemap lists: published documents. */
export async function documentIndex(db: Db, now = new Date()) {
  return db
    .select({ id: documents.id, slug: documents.slug, updatedAt: documents.updatedAt })
    .from(documents)
    .where(isDocumentPublished(now))
    .orderBy(asc(documents.id));
}

export const documentSearchVector = (t: { title: string; summary: string; content: string }, extra = '') =>
  tsvectorLiteral([
    [t.title, 'A'],
    [t.summary, 'B'],
    [htmlToText(t.content), 'C'],
    [extra, 'D'],
  ]);

/** How a save may change a document: the console's draft save creates drafts and edits only drafts. */
export type SaveDocumentOptions = { draftsOnly?: boolean };

/**
 * The document locked for this transaction: the version check and the status rule are made
 * against the row no other save can change until it ends (two staff, one document: a conflict,
 * not a silent overwrite; docs/console.md "Documents").
 */
export async function lockDocument(
  tx: Db | Tx,
  id: number,
  version: number | undefined,
  opts: SaveDocumentOptions = {},
) {
  const [row] = await tx
    .select({ status: documents.status, version: documents.version })
    .from(documents)
    .where(eq(documents.id, id))
    .for('update');
  if (!row) throw fail.notFound(msg('content.noDocument'));
  if (version !== undefined && version !== row.version)
    throw fail.conflict(msg('documents.staleVersion', { current: row.version }));
  if (opts.draftsOnly && row.status !== 'draft') throw fail.conflict(msg('documents.notDraft', { status: row.status }));
  return row;
}

/**
 * Staff: creates or updates a document in both languages (content sanitised before it is stored).
 * With `version`, an update is refused when the document was saved since (409); every save raises
 * it. A new document is published (SaveKnowledge) or a draft (the console's draft save). The
 * caller expires the pages once committed.
 */
export async function saveDocument(
  db: Db,
  input: SaveKnowledgeInput,
  now = new Date(),
  opts: SaveDocumentOptions = {},
): Promise<SavedDocument> {
  const [dir] = await db.select({ id: docDirs.id }).from(docDirs).where(eq(docDirs.id, input.dirId)).limit(1);
  if (!dir) throw fail.invalid('dirId', msg('content.notDirectory'));
  return db.transaction(async (tx) => {
    let saved: SavedDocument;
    if (input.id) {
      await lockDocument(tx, input.id, input.version, opts);
      const [updated] = await tx
        .update(documents)
        .set({
          dirId: input.dirId,
          sort: input.sort,
          ...(input.slug ? { slug: input.slug } : {}),
          version: sql`${documents.version} + 1`,
          updatedAt: now,
        })
        .where(eq(documents.id, input.id))
        .returning(savedColumns);
      saved = updated!;
    } else {
      const slug = input.slug ?? `doc-${now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`;
      const [dupe] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.slug, slug)).limit(1);
      if (dupe) throw fail.conflict(msg('content.documentSlugTaken'));
      const [created] = await tx
        .insert(documents)
        .values({
          slug,
          dirId: input.dirId,
          sort: input.sort,
          status: opts.draftsOnly ? 'draft' : 'published',
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning(savedColumns);
      saved = created!;
    }
    for (const locale of LOCALES) {
      const t = input.texts[locale];
      const content = sanitizeRichText(t.content);
      const row = { title: t.title, summary: t.summary, content, search: documentSearchVector({ ...t, content }) };
      await tx
        .insert(documentTexts)
        .values({ documentId: saved.id, locale, ...row })
        .onConflictDoUpdate({ target: [documentTexts.documentId, documentTexts.locale], set: row });
    }
    return saved;
  });
}

export const savedColumns = { id: documents.id, version: documents.version, status: documents.status };

import 'server-only';
import { randomBytes } from 'node:crypto';
import { asc, count, eq, isNull, max } from 'drizzle-orm';
import type { ConsoleDir } from '@/lib/api/console/schemas/documents';
import { LOCALES, type Locale } from '@/lib/shared/locale';
import { msg } from '@/lib/i18n/server-messages';
import type { Db, Tx } from '../../db/client';
import { docDirs, docDirTexts, documents } from '../../db/schema';
import { fail } from '../../errors';

type Names = Record<Locale, string>;
type Flat = { id: number; parentId: number | null; sort: number; slug: string };

/** The directory table is small (tens of rows): read it whole and walk it in memory. */
async function flatDirs(db: Db | Tx): Promise<Flat[]> {
  return db
    .select({ id: docDirs.id, parentId: docDirs.parentId, sort: docDirs.sort, slug: docDirs.slug })
    .from(docDirs)
    .orderBy(asc(docDirs.sort), asc(docDirs.id));
}

function beneath(dirs: Flat[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const d of dirs) if (d.parentId === out[i]) out.push(d.id);
  return out;
}

/** A directory and every directory beneath it (the console's list filter takes them all). */
export async function dirsBeneath(db: Db | Tx, id: number): Promise<number[]> {
  return beneath(await flatDirs(db), id);
}

/** ConsoleDocDirs: the whole tree, both names, with the documents of every status in each. */
export async function consoleDirTree(db: Db): Promise<ConsoleDir[]> {
  const [dirs, names, counts] = await Promise.all([
    flatDirs(db),
    db.select().from(docDirTexts),
    db.select({ dirId: documents.dirId, n: count() }).from(documents).groupBy(documents.dirId),
  ]);
  const nameOf = new Map<number, Names>();
  for (const t of names) {
    const n = nameOf.get(t.dirId) ?? { 'zh-CN': '', en: '' };
    n[t.locale as Locale] = t.name;
    nameOf.set(t.dirId, n);
  }
  const countOf = new Map(counts.map((c) => [c.dirId, Number(c.n)]));
  const build = (d: Flat): ConsoleDir => ({
    id: d.id,
    parentId: d.parentId,
    sort: d.sort,
    name: nameOf.get(d.id) ?? { 'zh-CN': '', en: '' },
    documentCount: countOf.get(d.id) ?? 0,
    children: dirs.filter((c) => c.parentId === d.id).map(build),
  });
  return dirs.filter((d) => d.parentId === null).map(build);
}

/** What the audit log keeps of a directory: where it is and its names. */
export async function dirSnapshot(db: Db | Tx, id: number) {
  const [d] = await db.select().from(docDirs).where(eq(docDirs.id, id));
  if (!d) return null;
  const names = await db.select().from(docDirTexts).where(eq(docDirTexts.dirId, id));
  return {
    id: d.id,
    slug: d.slug,
    parentId: d.parentId,
    sort: d.sort,
    name: Object.fromEntries(names.map((n) => [n.locale, n.name])),
  };
}

async function requireDir(tx: Db | Tx, id: number, field: string) {
  const [d] = await tx.select({ id: docDirs.id }).from(docDirs).where(eq(docDirs.id, id)).for('update');
  if (!d) throw fail.invalid(field, msg('content.noDirectory'));
}

async function writeNames(tx: Db | Tx, dirId: number, name: Names) {
  for (const locale of LOCALES)
    await tx
      .insert(docDirTexts)
      .values({ dirId, locale, name: name[locale] })
      .onConflictDoUpdate({ target: [docDirTexts.dirId, docDirTexts.locale], set: { name: name[locale] } });
}

/** The next place among a parent's children: new and moved directories go last. */
async function nextSort(tx: Db | Tx, parentId: number | null) {
  const [row] = await tx
    .select({ s: max(docDirs.sort) })
    .from(docDirs)
    .where(parentId === null ? isNull(docDirs.parentId) : eq(docDirs.parentId, parentId));
  return (row?.s ?? -1) + 1;
}

/** ConsoleCreateDocDir: a directory with its names, last among its parent's children. */
export async function createDir(tx: Db | Tx, input: { parentId: number | null; name: Names }, now: Date) {
  if (input.parentId !== null) await requireDir(tx, input.parentId, 'parentId');
  const slug = `dir-${now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`;
  const [row] = await tx
    .insert(docDirs)
    .values({ slug, parentId: input.parentId, sort: await nextSort(tx, input.parentId), createdAt: now })
    .returning({ id: docDirs.id });
  await writeNames(tx, row!.id, input.name);
  return { id: row!.id };
}

/** ConsoleRenameDocDir: new names in both languages. */
export async function renameDir(tx: Db | Tx, input: { id: number; name: Names }) {
  await requireDir(tx, input.id, 'id');
  await writeNames(tx, input.id, input.name);
  return { id: input.id };
}

/** ConsoleMoveDocDir: under another directory or to the top; never under itself or beneath it. */
export async function moveDir(tx: Db | Tx, input: { id: number; parentId: number | null }) {
  await requireDir(tx, input.id, 'id');
  if (input.parentId !== null) {
    await requireDir(tx, input.parentId, 'parentId');
    if ((await dirsBeneath(tx, input.id)).includes(input.parentId))
      throw fail.invalid('parentId', msg('documents.dirUnderItself'));
  }
  await tx
    .update(docDirs)
    .set({ parentId: input.parentId, sort: await nextSort(tx, input.parentId) })
    .where(eq(docDirs.id, input.id));
  return { id: input.id };
}

/**
 * ConsoleDeleteDocDir: only an empty directory goes. One still holding documents (of any status)
 * or directories is refused with how many, so nothing is deleted by surprise.
 */
export async function deleteDir(tx: Db | Tx, id: number) {
  await requireDir(tx, id, 'id');
  const [docs] = await tx.select({ n: count() }).from(documents).where(eq(documents.dirId, id));
  const [dirs] = await tx.select({ n: count() }).from(docDirs).where(eq(docDirs.parentId, id));
  const nDocs = Number(docs?.n ?? 0);
  const nDirs = Number(dirs?.n ?? 0);
  if (nDocs || nDirs) throw fail.conflict(msg('documents.dirNotEmpty', { documents: nDocs, dirs: nDirs }));
  await tx.delete(docDirs).where(eq(docDirs.id, id));
}

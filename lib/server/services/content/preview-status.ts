import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, news } from '../../db/schema';
import type { PreviewKind } from './preview-token';

/** Where an article or document stands for a reader of its preview: not out yet, out at a set time, or out. */
export type PreviewStatus = 'draft' | 'scheduled' | 'published';

/**
 * The console's preview heads the page with this (docs/console.md "Preview"): a draft has no
 * publication time to show (its `published_at` is only the last save), a scheduled one shows
 * when it goes out; a published one dated ahead is out only then, so it reads as scheduled too.
 */
export async function previewStatus(
  db: Db,
  kind: PreviewKind,
  id: number,
  now = new Date(),
): Promise<PreviewStatus | null> {
  const t = kind === 'news' ? news : documents;
  const [row] = await db.select({ status: t.status, publishedAt: t.publishedAt }).from(t).where(eq(t.id, id)).limit(1);
  if (!row) return null;
  if (row.status === 'published' && row.publishedAt > now) return 'scheduled';
  return row.status;
}

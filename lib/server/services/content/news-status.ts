import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';

/** Where an article stands for a reader of its preview: not out yet, out at a set time, or out. */
export type NewsStatus = 'draft' | 'scheduled' | 'published';

/**
 * The console's preview heads the article with this (docs/console.md "Preview"): a draft has no
 * publication time to show (its `published_at` is only the last save), a scheduled article shows
 * when it goes out; a published one dated ahead is out only then, so it reads as scheduled too.
 */
export async function newsStatus(db: Db, id: number, now = new Date()): Promise<NewsStatus | null> {
  const [row] = await db
    .select({ status: news.status, publishedAt: news.publishedAt })
    .from(news)
    .where(eq(news.id, id))
    .limit(1);
  if (!row) return null;
  if (row.status === 'published' && row.publishedAt > now) return 'scheduled';
  return row.status;
}

import 'server-only';
import { gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cacheTags } from '../db/schema';

/** A tag's row: its version grows with every expiry; `updatedAt` is the database's clock. */
export type CacheTagRow = { tag: string; version: number; updatedAt: Date };

/**
 * Records that these tags expired now, for every instance (server/page-cache/tag-store.ts reads
 * them back); answers each tag's new version.
 */
export async function expireCacheTags(db: Db, tags: readonly string[]): Promise<CacheTagRow[]> {
  if (!tags.length) return [];
  const unique = [...new Set(tags)];
  return db
    .insert(cacheTags)
    .values(unique.map((tag) => ({ tag })))
    .onConflictDoUpdate({
      target: cacheTags.tag,
      set: { version: sql`${cacheTags.version} + 1`, updatedAt: sql`now()` },
    })
    .returning({ tag: cacheTags.tag, version: cacheTags.version, updatedAt: cacheTags.updatedAt });
}

/** The tags changed after `since` (all of them without it), the latest change last. */
export async function cacheTagsChangedSince(db: Db, since: Date | null): Promise<CacheTagRow[]> {
  const q = db
    .select({ tag: cacheTags.tag, version: cacheTags.version, updatedAt: cacheTags.updatedAt })
    .from(cacheTags);
  return (since ? q.where(gt(cacheTags.updatedAt, since)) : q).orderBy(cacheTags.updatedAt);
}

import 'server-only';
import { revalidatePath } from 'next/cache';
import type { Db } from '../../db/client';
import { publishNewsSeoJson } from './seo-json';

export type ContentKind = 'news' | 'docs';

/**
 * The cached pages each kind of content appears on, as route patterns (the
 * files under app/, route groups included: proxy.ts rewrites visitor URLs to
 * them). A layout pattern covers every page beneath it. Home shows the latest
 * news and counts documents, so it goes with both.
 */
export const PAGES_OF: Record<ContentKind, ReadonlyArray<readonly [path: string, type: 'page' | 'layout']>> = {
  news: [
    ['/[locale]/(desktop)/regard/journalism', 'layout'],
    ['/[locale]/(mobile)/mobileRegard/journalism', 'layout'],
    ['/[locale]/(desktop)', 'page'],
  ],
  docs: [
    ['/[locale]/(desktop)/documents', 'layout'],
    ['/[locale]/(mobile)/mobileDocuments', 'layout'],
    ['/[locale]/(desktop)', 'page'],
  ],
};

/** Outside a request (seed, CLI, unit tests) there is no page cache to expire. */
function outsideRequest(e: unknown) {
  return e instanceof Error && /static generation store missing|outside a request scope/i.test(e.message);
}

/** Expires the cached pages showing this kind of content (the next visit renders them afresh); news also rebuilds its SEO JSON. */
export async function afterContentChange(db: Db, kind: ContentKind): Promise<{ revalidated: boolean }> {
  let revalidated = true;
  for (const [path, type] of PAGES_OF[kind]) {
    try {
      revalidatePath(path, type);
    } catch (e) {
      if (!outsideRequest(e)) throw e;
      revalidated = false;
    }
  }
  if (kind === 'news') await publishNewsSeoJson(db);
  return { revalidated };
}

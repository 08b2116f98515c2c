import 'server-only';
import { revalidatePath } from 'next/cache';
import type { Db } from '../../db/client';
import { publishNewsSeoJson } from './seo-json';

/** A cached page as revalidatePath takes it: a route under app/ (groups included) and whether it covers the pages beneath. */
export type PagePattern = readonly [path: string, type: 'page' | 'layout'];

/**
 * Each kind of content shown on cached pages, and the pages it appears on (proxy.ts rewrites
 * visitor URLs to these routes). Home shows the latest news and counts documents, so it goes
 * with both. A new kind (the console's levels, products, prices) adds its pages here and calls
 * afterContentChange with it.
 */
export const PAGES_OF = {
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
} as const satisfies Record<string, readonly PagePattern[]>;

export type PageKind = keyof typeof PAGES_OF;

/** Outside a request (seed, CLI, unit tests) there is no page cache to expire. */
function outsideRequest(e: unknown) {
  return e instanceof Error && /static generation store missing|outside a request scope/i.test(e.message);
}

/**
 * After a change of this kind of content: the cached pages showing it are expired, here at once
 * and on every other instance within a second (Next hands the tags to the page cache, which shares
 * them through the database: server/page-cache/); news also rebuilds its SEO JSON.
 */
export async function afterContentChange(db: Db, kind: PageKind): Promise<{ revalidated: boolean }> {
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

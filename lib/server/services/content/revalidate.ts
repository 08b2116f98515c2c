import 'server-only';
import { revalidatePath } from 'next/cache';
import type { Db } from '../../db/client';
import { bumpPageVersion, PAGES_OF, type PageKind } from '../../fleet/page-versions';
import { publishNewsSeoJson } from './seo-json';

/** Outside a request (seed, CLI, unit tests) there is no page cache to expire. */
function outsideRequest(e: unknown) {
  return e instanceof Error && /static generation store missing|outside a request scope/i.test(e.message);
}

/**
 * After a change of this kind of content: the cached pages showing it are expired here at once
 * (the next visit renders them afresh) and on every other instance within a second (the kind's
 * page version, lib/server/fleet/page-versions.ts); news also rebuilds its SEO JSON.
 */
export async function afterContentChange(db: Db, kind: PageKind): Promise<{ revalidated: boolean }> {
  await bumpPageVersion(db, kind);
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

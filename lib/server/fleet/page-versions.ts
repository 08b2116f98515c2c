import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { pageVersions } from '../db/schema';

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

/** Every cached page: for a kind this build does not know (a newer release wrote it during a rolling update). */
export const ALL_PAGES: readonly PagePattern[] = [['/', 'layout']];

/** Marks the pages of `kind` changed for every instance (each expires them within a second). */
export async function bumpPageVersion(db: Db | Tx, kind: PageKind) {
  await db
    .insert(pageVersions)
    .values({ kind, version: 1 })
    .onConflictDoUpdate({
      target: pageVersions.kind,
      set: { version: sql`${pageVersions.version} + 1`, updatedAt: sql`now()` },
    });
}

export async function readPageVersions(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ kind: pageVersions.kind, version: pageVersions.version }).from(pageVersions);
  return new Map(rows.map((r) => [r.kind, Number(r.version)]));
}

/**
 * What one process has seen of the page versions. `changed` reads them and answers the pages
 * whose kinds moved since the last read (none on the first: this process has rendered nothing
 * older). The caller decides how often (scripts/server.mjs: at most once a second, before
 * serving a cached page).
 */
export class PageVersionWatch {
  private seen: Map<string, number> | null = null;

  async changed(db: Db): Promise<PagePattern[]> {
    const now = await readPageVersions(db);
    const before = this.seen;
    this.seen = now;
    if (!before) return [];
    const pages = new Map<string, PagePattern>();
    for (const [kind, version] of now) {
      if (before.get(kind) === version) continue;
      const patterns: readonly PagePattern[] = kind in PAGES_OF ? PAGES_OF[kind as PageKind] : ALL_PAGES;
      for (const p of patterns) pages.set(p.join(' '), p);
    }
    return [...pages.values()];
  }
}

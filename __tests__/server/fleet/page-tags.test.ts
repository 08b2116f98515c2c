// scripts/page-tags.cjs expires, in Next's own tag registry, what revalidatePath would: checked
// against the Next version installed, so an upgrade that moves or renames these fails here.
import { PAGES_OF, ALL_PAGES, type PagePattern } from '@/lib/server/fleet/page-versions';
/* eslint-disable @typescript-eslint/no-require-imports */
const pt = require('../../../scripts/page-tags.cjs') as typeof import('../../../scripts/page-tags.cjs');
const { workAsyncStorage } = require('next/dist/server/app-render/work-async-storage.external');
const { revalidatePath } = require('next/dist/server/web/spec-extension/revalidate');
const { getImplicitTags } = require('next/dist/server/lib/implicit-tags');
const { areTagsExpired } = require('next/dist/server/lib/incremental-cache/tags-manifest.external');
/* eslint-enable @typescript-eslint/no-require-imports */

const registry = pt.tagRegistry(require)!;
const every: PagePattern[] = [...Object.values(PAGES_OF).flat(), ...ALL_PAGES];

/** The tags revalidatePath(path, type) hands to Next's cache at the end of a request. */
function tagsOfRevalidatePath([path, type]: PagePattern): string[] {
  const store: { incrementalCache: object; route: string; pendingRevalidatedTags?: { tag: string }[] } = {
    incrementalCache: {},
    route: '/test',
  };
  workAsyncStorage.run(store, () => revalidatePath(path, type));
  return (store.pendingRevalidatedTags ?? []).map((t) => t.tag);
}

describe('page tags', () => {
  it('finds the tag registry of the installed Next (the server refuses to start on PostgreSQL without it)', () => {
    expect(registry).not.toBeNull();
    expect(registry.manifest).toBeInstanceOf(Map);
  });

  it.each(every.map((p) => [p.join(' '), p] as const))('expires what revalidatePath expires: %s', (_, pattern) => {
    expect(tagsOfRevalidatePath(pattern)).toEqual([pt.tagOf(registry.prefix, pattern)]);
  });

  it('reaches the pages under each pattern: a news article, the news list on phones, home', async () => {
    const article = await getImplicitTags('/[locale]/(desktop)/regard/journalism/[id]/page', '/en/regard/journalism/5');
    expect(article.tags).toContain(pt.tagOf(registry.prefix, PAGES_OF.news[0]));
    expect(article.tags).toContain(pt.tagOf(registry.prefix, ALL_PAGES[0]!));
    const mobile = await getImplicitTags(
      '/[locale]/(mobile)/mobileRegard/journalism/page',
      '/zh-CN/mobileRegard/journalism',
    );
    expect(mobile.tags).toContain(pt.tagOf(registry.prefix, PAGES_OF.news[1]));
    const home = await getImplicitTags('/[locale]/(desktop)/page', '/en');
    expect(home.tags).toContain(pt.tagOf(registry.prefix, PAGES_OF.docs[2]));
    const doc = await getImplicitTags('/[locale]/(desktop)/documents/[id]/page', '/en/documents/3');
    expect(doc.tags).not.toContain(pt.tagOf(registry.prefix, PAGES_OF.news[0]));
  });

  it('marks entries rendered before the expiry as expired, and later ones as current', () => {
    const manifest = new Map();
    const local = { manifest, prefix: registry.prefix };
    const tag = pt.tagOf(registry.prefix, PAGES_OF.docs[0]);
    const now = Date.now();
    pt.expirePages(local, PAGES_OF.docs, now);
    expect(manifest.get(tag)).toEqual({ expired: now });
    // Next's own check, on its own registry.
    registry.manifest.set(tag, { expired: now });
    try {
      expect(areTagsExpired([tag], now - 10)).toBe(true);
      expect(areTagsExpired([tag], now + 10)).toBe(false);
    } finally {
      registry.manifest.delete(tag);
    }
  });
});

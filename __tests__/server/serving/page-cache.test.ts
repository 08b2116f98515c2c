// Next's page cache (server/page-cache/): what the handler keeps, what a tag expiry drops, and how
// the tag store reads the shared expiries (the same on both databases: __tests__/api/fleet.test.ts).
import { describe, expect, it } from '@jest/globals';
import { PageCacheHandler, sizeOf, tagsOf } from '@/server/page-cache/handler';
import { TAG_READ_INTERVAL_MS, TagStore, type TagRow, type TagRows } from '@/server/page-cache/tag-store';

const PAGE_CTX = { kind: 'APP_PAGE' };
const page = (tags: string, html = '<p>x</p>') => ({ kind: 'APP_PAGE', html, headers: { 'x-next-cache-tags': tags } });

/** Shared rows in memory, with the database's clock under the test's control. */
function memoryRows() {
  const rows = new Map<string, TagRow>();
  const db = { now: 1_000, reads: [] as (Date | null)[], fail: false };
  const store: TagRows = {
    async expire(tags) {
      if (db.fail) throw new Error('connection refused');
      return tags.map((tag) => {
        const row = { tag, version: (rows.get(tag)?.version ?? 0) + 1, updatedAt: new Date(db.now) };
        rows.set(tag, row);
        return row;
      });
    },
    async changedSince(since) {
      db.reads.push(since);
      if (db.fail) throw new Error('connection refused');
      return [...rows.values()]
        .filter((r) => !since || r.updatedAt > since)
        .sort((x, y) => +x.updatedAt - +y.updatedAt);
    },
  };
  return { rows, db, store };
}

describe('the page cache handler', () => {
  it('answers what was stored, with when and for how long', async () => {
    const clock = { now: 100 };
    const cache = new PageCacheHandler(new TagStore(null), undefined, () => clock.now);
    expect(await cache.get('/en', PAGE_CTX)).toBeNull();
    await cache.set('/en', page('_N_T_/layout'), { cacheControl: { revalidate: 300, expire: undefined } });
    expect(await cache.get('/en', PAGE_CTX)).toEqual({
      value: page('_N_T_/layout'),
      lastModified: 100,
      cacheControl: { revalidate: 300, expire: undefined },
    });
  });

  it('drops an entry once one of its tags expired after it was made, and keeps the others', async () => {
    const clock = { now: 100 };
    const tags = new TagStore(null, { now: () => clock.now });
    const cache = new PageCacheHandler(tags, undefined, () => clock.now);
    await cache.set('/news', page('_N_T_/layout,_N_T_/news/layout'), {});
    await cache.set('/docs', page('_N_T_/layout,_N_T_/docs/layout'), {});
    clock.now = 200;
    await cache.revalidateTag('_N_T_/news/layout');
    expect(await cache.get('/news', PAGE_CTX)).toBeNull();
    expect(await cache.get('/docs', PAGE_CTX)).not.toBeNull();
    // Rendered again after the change: current.
    await cache.set('/news', page('_N_T_/layout,_N_T_/news/layout'), {});
    clock.now = 300;
    expect(await cache.get('/news', PAGE_CTX)).not.toBeNull();
  });

  it('reads the tags of a fetch from what it was asked with', async () => {
    expect(tagsOf(page('a,b'), PAGE_CTX)).toEqual(['a', 'b']);
    expect(
      tagsOf({ kind: 'FETCH', data: {} }, { kind: 'FETCH', tags: ['prices'], softTags: ['_N_T_/layout'] }),
    ).toEqual(['prices', '_N_T_/layout']);
    const clock = { now: 100 };
    const tags = new TagStore(null, { now: () => clock.now });
    const cache = new PageCacheHandler(tags, undefined, () => clock.now);
    await cache.set('f1', { kind: 'FETCH', data: {} }, { fetchCache: true });
    clock.now = 101;
    await cache.revalidateTag(['prices']);
    expect(await cache.get('f1', { kind: 'FETCH', tags: ['prices'] })).toBeNull();
  });

  it('keeps at most its size in entries, dropping the least recently used first', async () => {
    const cache = new PageCacheHandler(new TagStore(null), 4_000);
    const html = 'x'.repeat(400);
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) await cache.set(k, page('t', html), {});
    await cache.get('a', PAGE_CTX);
    for (const k of ['i', 'j']) await cache.set(k, page('t', html), {});
    expect(await cache.get('a', PAGE_CTX)).not.toBeNull();
    expect(await cache.get('b', PAGE_CTX)).toBeNull();
    expect(cache.stats().bytes).toBeLessThanOrEqual(4_000);
    // One entry over an eighth of the whole is not kept at all.
    await cache.set('big', page('t', 'x'.repeat(600)), {});
    expect(await cache.get('big', PAGE_CTX)).toBeNull();
  });

  it('counts the buffers of a page and its segments', () => {
    const rsc = Buffer.alloc(1000);
    const segments = new Map([['/en/news', Buffer.alloc(500)]]);
    expect(sizeOf({ kind: 'APP_PAGE', html: 'x'.repeat(200), rscData: rsc, segmentData: segments })).toBeGreaterThan(
      1700,
    );
  });
});

describe('the tag store', () => {
  it("learns another instance's expiries at its next read, and tells its listeners", async () => {
    const shared = memoryRows();
    const clock = { now: 10_000 };
    const a = new TagStore(shared.store, { now: () => clock.now });
    let remote = 0;
    const b = new TagStore(shared.store, { now: () => clock.now, onRemoteExpiry: () => remote++ });
    const changes: number[] = [];
    b.onChange(() => changes.push(clock.now));
    await b.refresh();
    await a.expire(['t']);
    clock.now += TAG_READ_INTERVAL_MS;
    expect(b.expiredAfter(['t'], clock.now - 1)).toBe(false);
    await b.refresh();
    expect(b.expiredAfter(['t'], clock.now - 1)).toBe(true);
    expect(b.expiredAfter(['other'], 0)).toBe(false);
    expect(changes).toEqual([clock.now]);
    expect(remote).toBe(1);
  });

  it('looks back past the latest change it saw, for changes that committed late, without learning any twice', async () => {
    const shared = memoryRows();
    const clock = { now: 10_000 };
    const b = new TagStore(shared.store, { now: () => clock.now, overlapMs: 5_000 });
    let changes = 0;
    b.onChange(() => changes++);
    shared.db.now = 50_000;
    await new TagStore(shared.store).expire(['x']);
    await b.refresh();
    // A change the database dated before the one already seen (its transaction began earlier).
    shared.db.now = 48_000;
    await new TagStore(shared.store).expire(['late']);
    clock.now += TAG_READ_INTERVAL_MS;
    await b.refresh();
    expect(shared.db.reads.at(-1)).toEqual(new Date(45_000));
    expect(b.expiredAfter(['late'], clock.now - 1)).toBe(true);
    expect(changes).toBe(1);
    clock.now += TAG_READ_INTERVAL_MS;
    await b.refresh();
    expect(changes).toBe(1);
  });

  it('keeps serving when the shared rows cannot be read or written, and says so', async () => {
    const shared = memoryRows();
    const clock = { now: 10_000 };
    const errors: string[] = [];
    const a = new TagStore(shared.store, { now: () => clock.now, onError: (what) => errors.push(what) });
    shared.db.fail = true;
    await a.refresh();
    await a.expire(['t']);
    // This instance is right even so: its own pages expired.
    expect(a.expiredAfter(['t'], clock.now - 1)).toBe(true);
    expect(errors).toEqual(['read', 'write']);
    // Tried again an interval later.
    expect(a.due()).toBe(false);
    clock.now += TAG_READ_INTERVAL_MS;
    expect(a.due()).toBe(true);
  });

  it('without shared rows (one process) never reads anything', async () => {
    const tags = new TagStore(null);
    expect(tags.due()).toBe(false);
    await tags.refresh();
    await tags.expire(['t']);
  });
});

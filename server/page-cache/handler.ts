// Next's page cache: the implementation behind the `cacheHandler` next.config.ts names (Next's
// documented interface, docs/decisions/page-cache-and-server.md). Entries stay in this process's
// memory, as with Next's own handler; whether an entry is out of date comes from the tag store,
// which every instance shares through the database. Next loads ./cache-handler.mjs itself, outside
// the app's bundle; that file hands each call to the handler installed here (../install.ts).
import type { TagStore } from './tag-store';

/**
 * What Next hands the handler, as far as it is read here: `kind` says what an entry is
 * ('APP_PAGE', 'APP_ROUTE', 'PAGES', 'FETCH', 'IMAGE'); a response entry carries its tags in the
 * `x-next-cache-tags` header, a fetch entry in `ctx.tags` and `ctx.softTags`.
 */
export type CacheValue = { kind: string; headers?: Record<string, unknown> } & Record<string, unknown>;
export type GetContext = { kind?: string; tags?: string[]; softTags?: string[] } & Record<string, unknown>;
export type SetContext = { cacheControl?: unknown; fetchCache?: boolean } & Record<string, unknown>;
export type CacheEntry = { value: CacheValue | null; lastModified: number; cacheControl?: unknown };

/** The methods of Next's `cacheHandler` (docs: next.config.js, "cacheHandler"). */
export type PageCache = {
  get(key: string, ctx: GetContext): Promise<CacheEntry | null>;
  set(key: string, data: CacheValue | null, ctx: SetContext): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
};

const TAGS_HEADER = 'x-next-cache-tags';
const RESPONSE_KINDS = new Set(['APP_PAGE', 'APP_ROUTE', 'PAGES']);

/** The tags an entry answers to: a response's own header, or what the fetch was asked with. */
export function tagsOf(value: CacheValue | null, ctx: GetContext): string[] {
  if (value && RESPONSE_KINDS.has(value.kind)) {
    const header = value.headers?.[TAGS_HEADER];
    return typeof header === 'string' && header ? header.split(',') : [];
  }
  return [...(ctx.tags ?? []), ...(ctx.softTags ?? [])];
}

/** Roughly the bytes a value holds: its strings and buffers, in objects and maps (a page's segments) too. */
export function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  let bytes = 8;
  if (value instanceof Map) for (const [k, v] of value) bytes += sizeOf(k) + sizeOf(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) bytes += sizeOf(v);
  return bytes;
}

type Stored = CacheEntry & { bytes: number };

export class PageCacheHandler implements PageCache {
  private readonly entries = new Map<string, Stored>();
  private bytes = 0;

  constructor(
    private readonly tags: TagStore,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, ctx: GetContext): Promise<CacheEntry | null> {
    // Next checks an entry's age itself; what it cannot know is another instance's change.
    await this.tags.refresh();
    const e = this.entries.get(key);
    if (!e) return null;
    // Any revalidation, immediate or with a profile, means the next view renders afresh.
    if (this.tags.expiredAfter(tagsOf(e.value, ctx), e.lastModified)) {
      this.delete(key);
      return null;
    }
    // Map order is the LRU order: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, e);
    return { value: e.value, lastModified: e.lastModified, cacheControl: e.cacheControl };
  }

  async set(key: string, data: CacheValue | null, ctx: SetContext): Promise<void> {
    const bytes = sizeOf(data);
    this.delete(key);
    if (bytes > this.maxBytes / 8) return;
    const cacheControl = ctx.fetchCache ? undefined : ctx.cacheControl;
    this.entries.set(key, { value: data, lastModified: this.now(), cacheControl, bytes });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) this.delete(this.entries.keys().next().value!);
  }

  async revalidateTag(tags: string | string[], _durations?: { expire?: number }): Promise<void> {
    await this.tags.expire(typeof tags === 'string' ? [tags] : tags);
  }

  /** Entries held and their size (tests, metrics). */
  stats() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}

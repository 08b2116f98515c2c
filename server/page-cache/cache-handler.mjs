// Next's `cacheHandler` (next.config.ts), the documented way to keep its page cache somewhere of
// our choosing: Next imports this file itself, outside the app's bundle, and makes one per request.
// Each call goes to the handler the app installed when it started (handler.ts, by ../install.ts
// from instrumentation.ts), which shares tag expiries between instances through the database.
// Before that (during `next build`) there is no cache: nothing is kept, everything is rendered.
const KEY = Symbol.for('portal.pageCache');

export default class PortalCacheHandler {
  /** @type {import('./handler').PageCache | null} */
  #cache = globalThis[KEY] ?? null;

  get(key, ctx) {
    return this.#cache ? this.#cache.get(key, ctx) : Promise.resolve(null);
  }

  set(key, data, ctx) {
    return this.#cache ? this.#cache.set(key, data, ctx) : Promise.resolve();
  }

  revalidateTag(tags, durations) {
    return this.#cache ? this.#cache.revalidateTag(tags, durations) : Promise.resolve();
  }

  resetRequestCache() {}
}

import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { marketState } from '../../db/schema';

/** Marks the market data changed (in the import's transaction): every instance's caches go stale. */
export async function bumpDataVersion(tx: Tx | Db) {
  known = null; // this process re-reads at once (others within VERSION_TTL_MS)
  await tx
    .insert(marketState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({
      target: marketState.id,
      set: { version: sql`${marketState.version} + 1`, updatedAt: sql`now()` },
    });
}

// The version is read at most once a second per process: an import shows everywhere within a second.
const VERSION_TTL_MS = 1000;
let known: { at: number; version: number; db: Db } | null = null;

export async function dataVersion(db: Db, now = Date.now()): Promise<number> {
  if (known && known.db === db && now - known.at < VERSION_TTL_MS) return known.version;
  const [r] = await db.select({ version: marketState.version }).from(marketState).where(eq(marketState.id, 1));
  known = { at: now, version: Number(r?.version ?? 0), db };
  return known.version;
}

/**
 * Derived answers that are the same for every viewer (a series, an index, the price list),
 * kept per process for the current data version. Access is still decided on every request;
 * only what would be read and shaped again is reused. Requests that arrive while an answer is
 * being computed wait for that computation instead of starting their own: after an import (or a
 * restart) fifty readers of a popular chart cost one computation, not fifty queued behind each
 * other on the database.
 */
export class VersionedCache<V> {
  private version = -1;
  private readonly map = new Map<string, V>();
  private readonly pending = new Map<string, Promise<V>>();
  constructor(private readonly max = 500) {}

  async get(db: Db, key: string, load: () => Promise<V>): Promise<V> {
    const v = await dataVersion(db);
    if (v !== this.version) {
      this.map.clear();
      this.version = v;
    }
    const hit = this.map.get(key);
    if (hit !== undefined) {
      // Most recently used last, so the oldest goes first when full.
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const flight = `${v}|${key}`;
    const running = this.pending.get(flight);
    if (running) return running;
    const computing = load();
    this.pending.set(flight, computing);
    try {
      const value = await computing;
      if (this.version === v) {
        if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
        this.map.set(key, value);
      }
      return value;
    } finally {
      this.pending.delete(flight);
    }
  }
}

// When each cache tag last expired, as this process knows it: its own expiries at once, other
// instances' within a second (docs/decisions/page-cache-and-server.md). Next's page cache
// (handler.ts) drops an entry made before one of its tags expired, and the whole-response cache
// (../response-cache.ts) empties on every change. The rows live in the database
// (lib/server/fleet/cache-tags.ts): PostgreSQL for a fleet, PGlite for one process, the same code.

/** Where the expiries are shared: the database, or nothing (one process that keeps them in memory). */
export type TagRows = {
  expire(tags: readonly string[]): Promise<readonly TagRow[]>;
  changedSince(since: Date | null): Promise<readonly TagRow[]>;
};
export type TagRow = { tag: string; version: number; updatedAt: Date };

type Known = { version: number; expiredAt: number };

/**
 * How often the shared rows are read, at most: a change shows on another instance within this
 * plus the page's render (the fleet test holds it under 2 s). One indexed read of the rows changed
 * lately, only while pages are being asked for.
 */
export const TAG_READ_INTERVAL_MS = 500;

export type TagStoreOptions = {
  /** How often the shared rows are read, at most (ms). */
  intervalMs?: number;
  /** How far back each read looks past the latest change seen, for changes that committed late (ms). */
  overlapMs?: number;
  now?: () => number;
  /** A read or a write of the shared rows failed: pages are served as they are and the read is tried again. */
  onError?: (what: 'read' | 'write', err: unknown) => void;
  /** Tags expired by another instance were learnt (once per read that learnt any). */
  onRemoteExpiry?: (tags: number) => void;
};

export class TagStore {
  private readonly known = new Map<string, Known>();
  private readonly listeners = new Set<() => void>();
  private cursor: Date | null = null;
  private readOnce = false;
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;
  private readonly intervalMs: number;
  private readonly overlapMs: number;
  private readonly now: () => number;

  constructor(
    private readonly rows: TagRows | null,
    private readonly options: TagStoreOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? TAG_READ_INTERVAL_MS;
    this.overlapMs = options.overlapMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Called after any expiry, local or learnt from another instance. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Expires these tags here now (what Next's revalidateTag and revalidatePath hand the page cache),
   * then records it for the other instances. A failed write is reported, not thrown: this instance
   * is already right, and the change that caused it has been made.
   */
  async expire(tags: readonly string[]): Promise<void> {
    if (!tags.length) return;
    const at = this.now();
    for (const tag of tags) this.known.set(tag, { version: this.known.get(tag)?.version ?? 0, expiredAt: at });
    this.emit();
    if (!this.rows) return;
    try {
      // The versions written here are known here: the next read does not expire them again.
      for (const row of await this.rows.expire(tags)) {
        const k = this.known.get(row.tag);
        if (k && k.version < row.version) k.version = row.version;
      }
    } catch (err) {
      this.options.onError?.('write', err);
    }
  }

  /** True when a read of the shared rows is due (one per interval at most). */
  due(): boolean {
    return !!this.rows && this.now() - this.readAt >= this.intervalMs;
  }

  /** Reads the shared rows if due; concurrent callers share one read. Never throws. */
  refresh(): Promise<void> {
    if (!this.due()) return Promise.resolve();
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Whether any of these tags expired after `timestamp` (an entry made then is out of date). */
  expiredAfter(tags: Iterable<string>, timestamp: number): boolean {
    const now = this.now();
    for (const tag of tags) {
      const k = this.known.get(tag);
      if (k && k.expiredAt > timestamp && k.expiredAt <= now) return true;
    }
    return false;
  }

  private async read() {
    const started = this.now();
    try {
      const since = this.cursor ? new Date(this.cursor.getTime() - this.overlapMs) : null;
      const rows = await this.rows!.changedSince(since);
      // Learnt now, whatever the writer's clock said: nothing this process made before now can
      // be newer than the change, and a writer's clock running ahead cannot postpone the expiry.
      const at = this.now();
      let learnt = 0;
      for (const row of rows) {
        if (!this.cursor || row.updatedAt > this.cursor) this.cursor = row.updatedAt;
        const k = this.known.get(row.tag);
        if (k && k.version >= row.version) continue;
        this.known.set(row.tag, { version: row.version, expiredAt: at });
        learnt++;
      }
      // The first read only learns where things stand: this process has cached nothing older.
      if (learnt && this.readOnce) {
        this.options.onRemoteExpiry?.(learnt);
        this.emit();
      }
      this.readOnce = true;
    } catch (err) {
      this.options.onError?.('read', err);
    } finally {
      this.readAt = started;
    }
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}

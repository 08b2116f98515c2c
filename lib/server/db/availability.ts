import 'server-only';
import { sql } from 'drizzle-orm';
import { getHandle } from './client';

/**
 * Whether the database is there (docs/reliability.md, "Database restart"). The first error that
 * says PostgreSQL is gone (refused, reset, shutting down, starting up) marks it down; from then on
 * requests are answered at once — the API with code 503 and Retry-After, pages with the friendly
 * page (server/unavailable-page.ts) — instead of each one waiting on a connection that cannot be
 * made. While it is down, one `select 1` every PROBE_INTERVAL_MS finds out when it is back, so every
 * instance serves again within about half a second of its return, without a restart and without a
 * visitor's request spent as the trial.
 */

// Node's socket errors that mean the server is not (or no longer) there.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
// SQLSTATE: class 08 (connection exception); admin / crash shutdown; cannot connect now (starting
// up or shutting down); too many connections.
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres says these in words only.
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
];

/** Whether `err` (or an error it wraps: drizzle wraps the driver's) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const x = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof x.code === 'string' ? x.code : '';
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof x.message === 'string' && MESSAGES.some((m) => m.test(x.message as string))) return true;
    // AggregateError: a connection tried on several addresses.
    if (Array.isArray(x.errors) && x.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = x.cause;
  }
  return false;
}

export const PROBE_INTERVAL_MS = 500;
const PROBE_TIMEOUT_MS = 1000;
/** What a caller is told to wait before trying again (the Retry-After header), in seconds. */
export const RETRY_AFTER_S = 5;

type Listener = (event: { down: boolean; ms: number; error?: unknown }) => void;

export class DatabaseGate {
  private downSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly probe: () => Promise<void> = defaultProbe,
    private readonly intervalMs = PROBE_INTERVAL_MS,
  ) {}

  get down(): boolean {
    return this.downSince !== null;
  }

  /** Called with every error a request met: marks the database down when the error says it is gone. */
  report(err: unknown): boolean {
    if (!isDatabaseUnavailable(err)) return false;
    if (this.downSince === null) {
      this.downSince = Date.now();
      for (const l of this.listeners) l({ down: true, ms: 0, error: err });
      this.schedule();
    }
    return true;
  }

  onChange(listener: Listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private schedule() {
    this.timer = setTimeout(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  private async check() {
    this.timer = null;
    if (this.downSince === null) return;
    try {
      await this.probe();
    } catch {
      this.schedule();
      return;
    }
    const ms = Date.now() - this.downSince;
    this.downSince = null;
    for (const l of this.listeners) l({ down: false, ms });
  }

  /** Stops probing (tests). */
  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.downSince = null;
  }
}

async function defaultProbe() {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getHandle().then(({ db }) => db.execute(sql`select 1`)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// One per process, shared by the server (server/) and the application's bundles.
const g = globalThis as unknown as { __portalDatabaseGate?: DatabaseGate };
export function databaseGate(): DatabaseGate {
  g.__portalDatabaseGate ??= new DatabaseGate();
  return g.__portalDatabaseGate;
}

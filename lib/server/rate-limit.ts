import 'server-only';
import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { rateEvents } from './db/schema';
import { type ApiError, fail } from './errors';
import { addressKeys } from './http/address-key';
import { msg, type MessageRef } from '@/lib/i18n/server-messages';

/**
 * Sliding-window limits kept in the database, so they hold across instances and
 * restarts. Each rule is a bucket (what is limited), a key (whose: a phone, an IP),
 * how many events the window allows, and the message shown when it is full.
 */
export type LimitRule = {
  bucket: string;
  key: string;
  limit: number;
  windowMs: number;
  /** The refusal, given how long until the window lets one more through. */
  message: (waitMs: number) => MessageRef;
};

/** How much more a /48's window allows than the window of one /64 in it (docs/decisions/login-limits.md). */
export const SITE_FACTOR = 4;

/**
 * The windows of a per-address limit: one keyed on the client's host (an IPv4 address, an IPv6
 * /64, which one host can fill with addresses of its own), and for IPv6 one on its /48 that
 * allows SITE_FACTOR times as much, so a host cannot rotate through /64s either. `keyOf` puts
 * more in the key (a phone: that phone from that address).
 */
export function perAddress(
  ip: string,
  rule: Omit<LimitRule, 'key'>,
  keyOf: (address: string) => string = (a) => a,
): LimitRule[] {
  const { host, site } = addressKeys(ip);
  const rules: LimitRule[] = [{ ...rule, key: keyOf(host) }];
  if (site) rules.push({ ...rule, bucket: `${rule.bucket}/48`, key: keyOf(site), limit: rule.limit * SITE_FACTOR });
  return rules;
}

/**
 * Serialises concurrent callers on the same keys until the transaction ends
 * (PostgreSQL advisory locks; PGlite runs one transaction at a time anyway).
 * Sorted so two callers taking overlapping keys never wait on each other in a cycle.
 */
export async function lockKeys(tx: Tx, keys: string[]) {
  for (const k of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${k}, 0))`);
  }
}

/** How many events the window of `rule` holds, and how long until it has room (0: room now). */
async function usage(db: Db | Tx, rule: LimitRule, now: Date): Promise<{ n: number; wait: number }> {
  const since = new Date(now.getTime() - rule.windowMs);
  // No upper bound at `now`: a concurrent request that took its clock reading earlier but
  // got the lock later must still count the event written (with a later time) before it.
  const where = and(eq(rateEvents.bucket, rule.bucket), eq(rateEvents.key, rule.key), gt(rateEvents.at, since));
  const [c] = await db.select({ n: count() }).from(rateEvents).where(where);
  const n = c?.n ?? 0;
  if (n < rule.limit) return { n, wait: 0 };
  // The window frees up when the event that put it over the limit ages out.
  const [oldest] = await db
    .select({ at: rateEvents.at })
    .from(rateEvents)
    .where(where)
    .orderBy(asc(rateEvents.at))
    .offset(n - rule.limit)
    .limit(1);
  return { n, wait: oldest ? Math.max(1, oldest.at.getTime() + rule.windowMs - now.getTime()) : 1 };
}

/** A window an event of takeOrRefuse filled, and when it has room again. */
type Filled = { rule: LimitRule; until: number };
/**
 * What takeOrRefuse recorded, by the rule's index: the event of each rule, and how many events its
 * window holds with it; and the windows they filled.
 */
type Taken = { ids: string[]; counts: number[]; filled: Filled[] };

/**
 * Refuses with code 429 (the first full rule's message, `data.retryAfterSeconds`)
 * or records one event for every rule. Call inside a transaction that holds
 * `lockKeys` for these rules, so the check and the record cannot interleave.
 * Answers the windows its events filled: hand them to `rememberFilled` once the
 * transaction has committed.
 */
async function takeOrRefuse(tx: Tx, rules: LimitRule[], now: Date): Promise<Taken> {
  // A request that held the lock before this one may have found the window full meanwhile.
  refuseIfKnownFull(rules, now);
  const counts: number[] = [];
  for (const rule of rules) {
    const { n, wait } = await usage(tx, rule, now);
    if (wait > 0) {
      remember(rule, now.getTime() + wait);
      throw refusal(rule, wait);
    }
    counts.push(n);
  }
  const filled: Filled[] = [];
  const ids: string[] = [];
  for (const [i, rule] of rules.entries()) {
    // Events older than the window can never count again; pruning the whole bucket
    // keeps the table bounded by one window's traffic, whatever the keys.
    await tx
      .delete(rateEvents)
      .where(and(eq(rateEvents.bucket, rule.bucket), lte(rateEvents.at, new Date(now.getTime() - rule.windowMs))));
    const [event] = await tx
      .insert(rateEvents)
      .values({ bucket: rule.bucket, key: rule.key, at: now })
      .returning({ id: rateEvents.id });
    ids.push(event!.id);
    if ((counts[i] ?? 0) + 1 >= rule.limit) {
      const { wait } = await usage(tx, rule, now);
      if (wait > 0) filled.push({ rule, until: now.getTime() + wait });
    }
  }
  return { ids, counts: counts.map((n) => n + 1), filled };
}

/**
 * After the transaction of takeOrRefuse committed: the windows it filled are refused from
 * memory from now on, so a flood's next requests need not each ask the database to learn it.
 */
function rememberFilled(filled: Filled[]) {
  for (const f of filled) remember(f.rule, f.until);
}

/**
 * The one way to act under limits: refuses from memory a window this process already knows is
 * full, else opens a transaction that locks the rules' keys (and `alsoLock`, for work that must
 * not interleave either), takes one event per rule or refuses (429), and runs `work` in it; the
 * windows that event filled are remembered once the transaction has committed.
 */
export async function withinLimits<T>(
  db: Db,
  rules: LimitRule[],
  now: Date,
  work: (tx: Tx) => Promise<T>,
  alsoLock: string[] = [],
): Promise<T> {
  refuseIfKnownFull(rules, now);
  let filled: Filled[] = [];
  const out = await db.transaction(async (tx) => {
    await lockKeys(tx, [...ruleKeys(rules), ...alsoLock]);
    ({ filled } = await takeOrRefuse(tx, rules, now));
    return work(tx);
  });
  rememberFilled(filled);
  return out;
}

/** Events taken for an outcome not known yet: `settle` keeps those of the rules that outcome counts against. */
export type Charge = {
  settle(keep: (rule: LimitRule) => boolean): Promise<void>;
  /** How many events the window of `rule` held with this one, when it was taken. */
  count(rule: LimitRule): number;
};

/**
 * For limits that count only some outcomes (failed logins per address, successful ones per
 * address and phone): refuses (429) as withinLimits does, else takes one event per rule at
 * once, so parallel attempts count in full while they run; `settle`, once the outcome is known,
 * gives back the events of the rules it does not count against (docs/accounts.md, "Login
 * limits"). Until settled every event counts, and one never settled (the process died) stays.
 */
export async function chargeLimits(db: Db, rules: LimitRule[], now: Date): Promise<Charge> {
  refuseIfKnownFull(rules, now);
  const taken = await db.transaction(async (tx) => {
    await lockKeys(tx, ruleKeys(rules));
    return takeOrRefuse(tx, rules, now);
  });
  return {
    async settle(keep) {
      const back = taken.ids.filter((_, i) => !keep(rules[i]!));
      if (back.length) await db.delete(rateEvents).where(inArray(rateEvents.id, back));
      // A window is known full only when the events that filled it were kept.
      rememberFilled(taken.filled.filter((f) => keep(f.rule)));
    },
    count: (rule) => taken.counts[rules.indexOf(rule)] ?? 0,
  };
}

/** The lock names of a set of rules, for `lockKeys`. */
const ruleKeys = (rules: LimitRule[]) => rules.map(ruleKey);
const ruleKey = (r: Pick<LimitRule, 'bucket' | 'key'>) => `rate:${r.bucket}:${r.key}`;

const refusal = (rule: LimitRule, waitMs: number) =>
  fail.rateLimited(rule.message(waitMs), { retryAfterSeconds: Math.ceil(waitMs / 1000) });

/**
 * Windows this process found full, and when each has room again. A client that keeps knocking
 * on a full window (a login flood from one address) is then refused without a transaction per
 * request, which under a flood queued every other request behind it (bench:login-flood). The
 * database stays the source of truth: only windows it showed full are remembered (a refusal,
 * or a committed event that filled one: rememberFilled), never room, so another instance, or
 * this one after the wait, asks the database again. Bounded: past MEMO_MAX
 * windows the ended ones go, then the oldest. Kept on globalThis: the route handlers and the
 * production server's hooks (lib/server/fleet/server-hooks.ts) are separate bundles of one
 * process, and both read it.
 */
type Refused = { until: number; rule: LimitRule };
const MEMO = Symbol.for('portal.refusedWindows');
const refusedUntil: Map<string, Refused> = ((globalThis as { [MEMO]?: Map<string, Refused> })[MEMO] ??= new Map());
const MEMO_MAX = 10_000;

function remember(rule: LimitRule, until: number) {
  const k = ruleKey(rule);
  refusedUntil.delete(k);
  refusedUntil.set(k, { until, rule });
  if (refusedUntil.size <= MEMO_MAX) return;
  for (const [key, r] of refusedUntil) if (r.until <= until - rule.windowMs) refusedUntil.delete(key);
  for (const key of refusedUntil.keys()) {
    if (refusedUntil.size <= MEMO_MAX) break;
    refusedUntil.delete(key);
  }
}

/**
 * The refusal this process already knows for a window (`bucket` + `key`), with the wait that
 * is left at `now`; null when it knows none or the wait has ended. No database work.
 */
export function knownRefusal(bucket: string, key: string, now: Date): ApiError | null {
  const known = refusedUntil.get(ruleKey({ bucket, key }));
  const wait = known ? known.until - now.getTime() : 0;
  return known && wait > 0 ? refusal(known.rule, wait) : null;
}

/**
 * Refuses at once, with no database work, when this process already found one of the rules'
 * windows full and its wait has not ended; call before opening the transaction of
 * takeOrRefuse. `now` is the request's clock, as for takeOrRefuse.
 */
function refuseIfKnownFull(rules: LimitRule[], now: Date) {
  for (const rule of rules) {
    const known = knownRefusal(rule.bucket, rule.key, now);
    if (known) throw known;
  }
}

/** "45 seconds", "3 minutes", "2 hours": rounded up, so the wait is never shorter than said. */
export function describeWait(ms: number): MessageRef {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 120) return msg('wait.seconds', { s });
  const m = Math.ceil(s / 60);
  if (m < 120) return msg('wait.minutes', { m });
  return msg('wait.hours', { h: Math.ceil(m / 60) });
}

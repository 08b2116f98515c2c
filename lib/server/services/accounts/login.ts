import 'server-only';
import { and, count, eq, gt, gte, inArray, isNull, lte } from 'drizzle-orm';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { refuseIfPasswordBusy, withPasswordWork } from '../../auth/password-work';
import { isStaffRole } from '@/lib/api/console/roles';
import { createSession, type SessionKind } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { knownLogins, loginFailures, loginLocks, users } from '../../db/schema';
import { env } from '../../env';
import { fail } from '../../errors';
import { hostKey } from '../../http/address-key';
import { KNOWN_LOGIN_MS, knownSites } from './known-sites';
import { chargeLimits, describeWait, knownRefusal, perAddress } from '../../rate-limit';
import { msg } from '@/lib/i18n/server-messages';

/** Wrong passwords one client address may try on one phone in FAILURE_WINDOW_MS before that address is locked out. */
export const MAX_LOGIN_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;
/** Wrong passwords on one phone from all addresses together in an hour before the phone is locked for everyone. */
export const MAX_PHONE_FAILURES = 20;
export const PHONE_FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** The window of the per-address limits on logins (LOGIN_ATTEMPTS_PER_ADDRESS of them, default 60). */
export const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
/** The lock scope of guesses from many addresses: the phone, whoever asks. */
const EVERYWHERE = '*';

type Meta = { ip: string | null; userAgent: string | null; now: Date };

function lockedError(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return fail.rateLimited(msg('accounts.loginLocked', { minutes }), {
    retryAfterSeconds: Math.ceil((until.getTime() - now.getTime()) / 1000),
  });
}

async function lock(db: Db, phone: string, scope: string, now: Date) {
  const until = new Date(now.getTime() + LOCK_MS);
  await db
    .insert(loginLocks)
    .values({ phone, scope, lockedUntil: until })
    .onConflictDoUpdate({ target: [loginLocks.phone, loginLocks.scope], set: { lockedUntil: until } });
  return until;
}

/**
 * The logins from one address (an IPv6 /64, and its /48 with a larger window) that did not log
 * in, whatever the phone: random phones would pass every per-phone limit, so this is what carries
 * a flood. Logins that succeed are given back (they count per address and phone instead), so the
 * people behind one shared address cannot lock each other out by logging in.
 */
const FAILED_BUCKET = 'login-address';
const failedRule = () => ({
  bucket: FAILED_BUCKET,
  limit: env().LOGIN_ATTEMPTS_PER_ADDRESS,
  windowMs: ADDRESS_WINDOW_MS,
  message: (w: number) => msg('accounts.loginNetworkLimit', { wait: describeWait(w) }),
});
/** Logins that succeed, per address and phone: one client logging in again and again stops only itself. */
const succeededRule = () => ({
  bucket: 'login-phone-address',
  limit: env().LOGIN_ATTEMPTS_PER_ADDRESS,
  windowMs: ADDRESS_WINDOW_MS,
  message: (w: number) => msg('accounts.loginRepeatLimit', { wait: describeWait(w) }),
});

/**
 * The refusal a login from `ip` gets without any work, when this process already found the
 * address's window of failed logins full (server/http-server.ts answers it before Next sees the
 * request); else null.
 */
export function knownAddressRefusal(ip: string, now: Date) {
  for (const r of perAddress(ip, failedRule())) {
    const known = knownRefusal(r.bucket, r.key, now);
    if (known) return known;
  }
  return null;
}

/** Failures are recorded per host key (an IPv4 address, an IPv6 /64: lib/server/http/address-key.ts). */
const fromAddress = (address: string | null) =>
  address === null ? isNull(loginFailures.ip) : eq(loginFailures.ip, address);

/**
 * Failures on a phone (from one address, or from all) counted for a lock: within the window,
 * and none from before a lock in that scope ended (that lock paid for them).
 */
async function failuresSince(
  db: Db,
  phone: string,
  from: { address: string | null } | 'all',
  windowMs: number,
  lockEnd: Date | null,
  now: Date,
) {
  const windowStart = new Date(now.getTime() - windowMs);
  const counted = lockEnd && lockEnd > windowStart ? gte(loginFailures.at, lockEnd) : gt(loginFailures.at, windowStart);
  const [c] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.phone, phone), from === 'all' ? undefined : fromAddress(from.address), counted));
  return c?.n ?? 0;
}

/** Whether `phone` logged in from `address` (a host key) within KNOWN_LOGIN_MS. */
async function isKnownLogin(db: Db, phone: string, address: string, now: Date) {
  const [row] = await db
    .select({ at: knownLogins.at })
    .from(knownLogins)
    .where(
      and(
        eq(knownLogins.phone, phone),
        eq(knownLogins.address, address),
        gt(knownLogins.at, new Date(now.getTime() - KNOWN_LOGIN_MS)),
      ),
    )
    .limit(1);
  return !!row;
}

async function rememberLogin(db: Db, phone: string, address: string, now: Date) {
  await db
    .insert(knownLogins)
    .values({ phone, address, at: now })
    .onConflictDoUpdate({ target: [knownLogins.phone, knownLogins.address], set: { at: now } });
  await db.delete(knownLogins).where(lte(knownLogins.at, new Date(now.getTime() - KNOWN_LOGIN_MS)));
}

/**
 * UserLoginAPP. Unknown phones and wrong passwords get the same answer, the same work (a
 * dummy scrypt check) and the same lock-out, so none of them tells whether a number has an
 * account. Limits, cheapest first (docs/accounts.md, "Login limits"): the client address's
 * failed logins (any phone), and its successful ones on this phone; then that address's wrong
 * passwords on this phone (5 in 15 min lock that address out, not the owner); then all
 * addresses' wrong passwords on this phone (20 in an hour lock it for everyone but the
 * addresses it logged in from lately; "forgot password" lifts it); then a slot for the
 * password check, where those known logins are served first.
 */
export async function login(
  db: Db,
  input: { phone: string; password: string },
  meta: Meta,
  /** console: a staff login to /console (12 hours); refused, after the password, to an account without a role. */
  kind: SessionKind = 'portal',
) {
  const { phone } = input;
  const { now, ip } = meta;
  const failed = ip ? perAddress(ip, failedRule()) : [];
  const succeeded = ip ? perAddress(ip, succeededRule(), (a) => `${phone}@${a}`) : [];
  const address = ip ? hostKey(ip) : null;
  const known = address ? await isKnownLogin(db, phone, address, now) : false;
  // A login that would find no password-check place is refused before it charges the address's
  // windows: no transaction per request of a flood, and nothing charged for a check not made.
  refuseIfPasswordBusy({ likelyReal: known });
  const charge = ip ? await chargeLimits(db, [...failed, ...succeeded], now) : null;
  let loggedIn = false;
  try {
    const session = await checkPassword(db, input, { ...meta, known }, kind);
    loggedIn = true;
    return session;
  } finally {
    // A login counts against (address, phone) when it succeeded, else against the address.
    await charge?.settle((rule) => succeeded.includes(rule) === loggedIn);
  }
}

async function checkPassword(
  db: Db,
  { phone, password }: { phone: string; password: string },
  meta: Meta & { known: boolean },
  kind: SessionKind,
) {
  const { now, known } = meta;
  const address = meta.ip ? hostKey(meta.ip) : null;
  const scope = address ?? 'unknown';

  const locks = await db
    .select()
    .from(loginLocks)
    .where(and(eq(loginLocks.phone, phone), inArray(loginLocks.scope, [scope, EVERYWHERE])));
  const lockOf = (s: string) => locks.find((l) => l.scope === s) ?? null;
  for (const l of locks) {
    // Others' guesses do not lock the phone out where it logged in lately.
    if (l.lockedUntil > now && !(l.scope === EVERYWHERE && known)) throw lockedError(l.lockedUntil, now);
  }

  return withPasswordWork(
    async () => {
      // The attempt is written before the (slow) password check, so a burst of parallel
      // guesses counts in full instead of each seeing the count from before the others.
      await db.insert(loginFailures).values({ phone, ip: address, at: now });
      // Failures past the longest window never count again (unknown phones would otherwise pile up); nor do ended locks.
      await db.delete(loginFailures).where(lte(loginFailures.at, new Date(now.getTime() - PHONE_FAILURE_WINDOW_MS)));
      await db.delete(loginLocks).where(lte(loginLocks.lockedUntil, new Date(now.getTime() - PHONE_FAILURE_WINDOW_MS)));
      // Failures are not deleted when locking, so guesses already in flight still see them and stop.
      const fromHere = await failuresSince(
        db,
        phone,
        { address },
        FAILURE_WINDOW_MS,
        lockOf(scope)?.lockedUntil ?? null,
        now,
      );
      const fromAll = await failuresSince(
        db,
        phone,
        'all',
        PHONE_FAILURE_WINDOW_MS,
        lockOf(EVERYWHERE)?.lockedUntil ?? null,
        now,
      );
      // Where the phone logged in lately, others' guesses lock nothing (their own attempts lock them out).
      const lockEverywhere = !known;
      if (lockEverywhere && fromAll > MAX_PHONE_FAILURES)
        throw lockedError(await lock(db, phone, EVERYWHERE, now), now);
      if (fromHere > MAX_LOGIN_FAILURES) throw lockedError(await lock(db, phone, scope, now), now);

      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, roles: users.roles, lockedAt: users.lockedAt })
        .from(users)
        .where(eq(users.phone, phone))
        .limit(1);
      const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (ok && user) {
        // This address proved it knows the password; what others guessed still counts against them.
        await db.delete(loginFailures).where(and(eq(loginFailures.phone, phone), fromAddress(address)));
        if (address) await rememberLogin(db, phone, address, now);
        if (meta.ip) knownSites.forget(meta.ip);
        // Only someone who knows the password learns that the account is not staff.
        const roles = user.roles.filter(isStaffRole);
        // Locked by support (docs/console.md "Customers"): told only after the password.
        if (user.lockedAt) throw fail.forbidden(msg('accounts.locked'));
        if (kind === 'console' && !roles.length) throw fail.forbidden(msg('console.notStaff'));
        const session = await createSession(db, user.id, meta, now, kind);
        return { ...session, roles };
      }
      if (lockEverywhere && fromAll >= MAX_PHONE_FAILURES)
        throw lockedError(await lock(db, phone, EVERYWHERE, now), now);
      if (fromHere >= MAX_LOGIN_FAILURES) throw lockedError(await lock(db, phone, scope, now), now);
      throw fail.generic(msg('accounts.badLogin'));
    },
    { likelyReal: known },
  );
}

/** After a password reset the holder of the phone has proved it: no lock-out applies. */
export async function clearLoginFailures(db: Db, phone: string) {
  await db.delete(loginFailures).where(eq(loginFailures.phone, phone));
  await db.delete(loginLocks).where(eq(loginLocks.phone, phone));
  // Where the phone logged in before the reset (perhaps with a leaked password) is known no longer.
  await db.delete(knownLogins).where(eq(knownLogins.phone, phone));
}

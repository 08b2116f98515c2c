import 'server-only';
import { and, count, eq, gt, gte, lte } from 'drizzle-orm';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { createSession } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { loginFailures, loginLocks, users } from '../../db/schema';
import { fail } from '../../errors';
import { msg } from '@/lib/i18n/server-messages';

export const MAX_LOGIN_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

type Meta = { ip: string | null; userAgent: string | null; now: Date };

function lockedError(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return fail.rateLimited(msg('accounts.loginLocked', { minutes }), {
    retryAfterSeconds: Math.ceil((until.getTime() - now.getTime()) / 1000),
  });
}

async function lockPhone(db: Db, phone: string, now: Date) {
  const until = new Date(now.getTime() + LOCK_MS);
  await db
    .insert(loginLocks)
    .values({ phone, lockedUntil: until })
    .onConflictDoUpdate({ target: loginLocks.phone, set: { lockedUntil: until } });
  return until;
}

/**
 * UserLoginAPP. Unknown phones and wrong passwords get the same answer, the same
 * work (a dummy scrypt check) and the same lock-out, so none of them tells
 * whether a number has an account.
 */
export async function login(db: Db, input: { phone: string; password: string }, meta: Meta) {
  const { phone, password } = input;
  const { now } = meta;
  const [lock] = await db.select().from(loginLocks).where(eq(loginLocks.phone, phone)).limit(1);
  if (lock && lock.lockedUntil > now) throw lockedError(lock.lockedUntil, now);

  // The attempt is written before the (slow) password check, so a burst of parallel
  // guesses counts in full instead of each seeing the count from before the others.
  await db.insert(loginFailures).values({ phone, ip: meta.ip, at: now });
  // Failures past the window never count again (unknown phones would otherwise pile up); nor do ended locks.
  await db.delete(loginFailures).where(lte(loginFailures.at, new Date(now.getTime() - FAILURE_WINDOW_MS)));
  await db.delete(loginLocks).where(lte(loginLocks.lockedUntil, new Date(now.getTime() - FAILURE_WINDOW_MS)));
  // Failures before a past lock ended were paid for by that lock; counting starts afresh after it.
  // Failures are not deleted when locking, so guesses already in flight still see them and stop.
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const counted =
    lock && lock.lockedUntil > windowStart
      ? gte(loginFailures.at, lock.lockedUntil)
      : gt(loginFailures.at, windowStart);
  const [c] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.phone, phone), counted));
  const attempts = c?.n ?? 0;
  if (attempts > MAX_LOGIN_FAILURES) throw lockedError(await lockPhone(db, phone, now), now);

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (ok && user) {
    await db.delete(loginFailures).where(eq(loginFailures.phone, phone));
    return createSession(db, user.id, meta, now);
  }
  if (attempts >= MAX_LOGIN_FAILURES) throw lockedError(await lockPhone(db, phone, now), now);
  throw fail.generic(msg('accounts.badLogin'));
}

/** After a password reset the holder of the phone has proved it: the lock-out no longer applies. */
export async function clearLoginFailures(db: Db, phone: string) {
  await db.delete(loginFailures).where(eq(loginFailures.phone, phone));
  await db.delete(loginLocks).where(eq(loginLocks.phone, phone));
}

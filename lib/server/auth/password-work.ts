import 'server-only';
import { env } from '../env';
import { serverEn } from '@/lib/i18n/messages/server.en';
import { msg } from '@/lib/i18n/server-messages';
import { fail } from '../errors';

let running = 0;
/** Requests waiting for a slot, first come first served; each is handed the slot its predecessor frees. */
const waiting: (() => void)[] = [];

export const PASSWORD_BUSY_MSG = serverEn['accounts.passwordBusy'];

/**
 * Runs work that hashes or checks a password while at most PASSWORD_HASH_CONCURRENCY such
 * jobs run in this process. A few more (PASSWORD_HASH_QUEUE) wait their turn, so two people
 * logging in at the same moment on a small server both get in; beyond that a request is
 * refused at once with code 429: an unbounded queue would only grow under a flood while every
 * request in it waited, and scrypt would take every core the cheap calls need. Callers take
 * the slot before anything they cannot undo (using up an SMS code), so a refusal costs the
 * user nothing but a retry. docs/accounts.md, "Password checks".
 */
export async function withPasswordWork<T>(work: () => Promise<T>): Promise<T> {
  if (running < env().PASSWORD_HASH_CONCURRENCY) running++;
  else if (waiting.length < env().PASSWORD_HASH_QUEUE) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw fail.rateLimited(msg('accounts.passwordBusy'), { retryAfterSeconds: 2 });
  try {
    return await work();
  } finally {
    // Hand the slot to the first in line (running stays as it is), or give it back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

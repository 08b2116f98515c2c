import 'server-only';
import { env } from '../env';
import { serverEn } from '@/lib/i18n/messages/server.en';
import { msg } from '@/lib/i18n/server-messages';
import { fail } from '../errors';

let running = 0;

export const PASSWORD_BUSY_MSG = serverEn['accounts.passwordBusy'];

/**
 * Runs work that hashes or checks a password while at most PASSWORD_HASH_CONCURRENCY such
 * jobs run in this process. One more is refused at once with code 429: a queue would only
 * grow under a flood while every request in it waited, and scrypt would take every core
 * the cheap calls need. Callers take the slot before anything they cannot undo (using up
 * an SMS code), so a refusal costs the user nothing but a retry.
 */
export async function withPasswordWork<T>(work: () => Promise<T>): Promise<T> {
  if (running >= env().PASSWORD_HASH_CONCURRENCY)
    throw fail.rateLimited(msg('accounts.passwordBusy'), { retryAfterSeconds: 2 });
  running++;
  try {
    return await work();
  } finally {
    running--;
  }
}

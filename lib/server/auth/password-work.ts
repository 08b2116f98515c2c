import 'server-only';
import { env } from '../env';
import { serverEn } from '@/lib/i18n/messages/server.en';
import { msg } from '@/lib/i18n/server-messages';
import { fail } from '../errors';

/**
 * The process's slots: how many run, and the requests waiting for one, first come first served
 * within a line; each is handed the slot its predecessor frees. Work likely to be a real person's
 * has a line of its own, served first. Kept on globalThis: the route handlers and the server's
 * early refusal (lib/server/fleet/early-refusal.ts) are bundled apart and must see one count.
 */
type Places = { running: number; waiting: (() => void)[]; waitingLikelyReal: (() => void)[] };
const KEY = Symbol.for('portal.passwordWork');
const places: Places = ((globalThis as { [KEY]?: Places })[KEY] ??= {
  running: 0,
  waiting: [],
  waitingLikelyReal: [],
});
const { waiting, waitingLikelyReal } = places;

export const PASSWORD_BUSY_MSG = serverEn['accounts.passwordBusy'];

/**
 * Of PASSWORD_HASH_CONCURRENCY slots, how many only work likely to be real may run on: a
 * quarter, rounded up, once there are two (with one slot there is nothing to keep).
 */
export const keptSlots = (concurrency: number) => (concurrency < 2 ? 0 : Math.ceil(concurrency / 4));

export type PasswordWorkOptions = {
  /**
   * A login from where the phone logged in lately, or a sign-up or reset whose code is right:
   * it may take the kept slots, and has PASSWORD_HASH_QUEUE places in line of its own, in front.
   */
  likelyReal?: boolean;
};

/**
 * Runs work that hashes or checks a password while at most PASSWORD_HASH_CONCURRENCY such
 * jobs run in this process. A few more (PASSWORD_HASH_QUEUE) wait their turn, so two people
 * logging in at the same moment on a small server both get in; beyond that a request is
 * refused at once with code 429: an unbounded queue would only grow under a flood while every
 * request in it waited, and scrypt would take every core the cheap calls need. A flood fills
 * the ordinary slots and line only: work likely to be real has slots and places of its own
 * and goes first (docs/accounts.md, "Password checks"). Callers take the slot before anything
 * they cannot undo (using up an SMS code), so a refusal costs the user nothing but a retry.
 */
export async function withPasswordWork<T>(work: () => Promise<T>, opts: PasswordWorkOptions = {}): Promise<T> {
  const { open, line } = placesFor(opts);
  if (places.running < open) places.running++;
  else if (line.length < env().PASSWORD_HASH_QUEUE) await new Promise<void>((resolve) => line.push(resolve));
  else throw busy();
  try {
    return await work();
  } finally {
    // Hand the slot to the first in line, known logins first (running stays as it is), or give it back.
    // An ordinary request is handed only a slot it may run on.
    const ordinary = placesFor({}).open;
    const next = waitingLikelyReal.shift() ?? (places.running <= ordinary ? waiting.shift() : undefined);
    if (next) next();
    else places.running--;
  }
}

function placesFor(opts: PasswordWorkOptions) {
  const slots = env().PASSWORD_HASH_CONCURRENCY;
  return {
    open: opts.likelyReal ? slots : slots - keptSlots(slots),
    line: opts.likelyReal ? waitingLikelyReal : waiting,
  };
}

/** The refusal of work that finds no slot and no place in line. */
export const busy = () => fail.rateLimited(msg('accounts.passwordBusy'), { retryAfterSeconds: 2 });

/** Whether work of this kind would find no slot and no place in line right now. */
export function passwordPlacesFull(opts: PasswordWorkOptions = {}) {
  const { open, line } = placesFor(opts);
  return places.running >= open && line.length >= env().PASSWORD_HASH_QUEUE;
}

/**
 * Refuses, as withPasswordWork would, when work of this kind would find no slot and no place in
 * line right now; no database work. A login asks before it charges its address's windows, so
 * under a flood the refused requests cost one read each instead of a transaction, and every
 * other request stops waiting behind them (bench:login-flood; docs/accounts.md, "Password
 * checks"). Only a hint: withPasswordWork still decides when the work is handed in.
 */
export function refuseIfPasswordBusy(opts: PasswordWorkOptions = {}) {
  if (passwordPlacesFull(opts)) throw busy();
}

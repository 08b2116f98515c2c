import type { CallName } from './contract';
import type { RequestError } from './request-error';

// The failure listeners of request() live apart from it, so the global error
// handler (on every page) can subscribe without loading the API client, the
// contract and its schemas until a page actually makes a call.

/** Listeners told of every failed call (the global handler subscribes; docs/api.md). */
export type FailureListener = (err: RequestError, call: CallName, opts: { skipErrorHandler: boolean }) => void;
const listeners = new Set<FailureListener>();

export function onRequestFailure(fn: FailureListener) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function notifyFailure(err: RequestError, call: CallName, skipErrorHandler: boolean) {
  for (const l of listeners) {
    // A broken listener must not replace the error the caller is waiting for.
    try {
      l(err, call, { skipErrorHandler });
    } catch (e) {
      console.error(e);
    }
  }
}

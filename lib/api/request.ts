import type { BodyOf, CallName, QueryOf, ResponseOf } from './contract';
import { RequestError, MSG_NETWORK_FAILED, MSG_TIMED_OUT, classifyResponse, localise } from './request-error';
import { notifyFailure } from './request-events';
import { servicePrefix } from './service-prefix';
import { routeOf } from './routes';
import { getToken } from './token';

export type CallInput<N extends CallName> = {
  query?: QueryOf<N>;
  body?: BodyOf<N>;
  signal?: AbortSignal;
  /** The caller shows this call's errors itself: no global error dialog (a 401 is still handled globally). */
  skipErrorHandler?: boolean;
  /** Give up after this long instead of REQUEST_TIMEOUT_MS: for work the caller shows progress of (a console import). */
  timeoutMs?: number;
};

export { onRequestFailure } from './request-events';

/**
 * A call gives up after this long (docs/screens.md, "Constants"): on a bad connection a page says
 * so and offers Retry, instead of waiting for ever. Market answers are a few KB gzipped, so even
 * a slow 3G link (~50 KB/s) has them in well under this.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

// Answers that are the phone's offline copy (public/sw.js says so in this header), and when they were loaded.
export const OFFLINE_COPY_HEADER = 'x-offline-copy';
const copies = new WeakMap<object, string>();

/** When an answer is an offline copy (docs/screens.md, "Bad connections"), the time it was loaded; else null. */
export function offlineCopyAt(data: unknown): string | null {
  return data && typeof data === 'object' ? (copies.get(data) ?? null) : null;
}

/** A signal that aborts with the caller's or after `ms`; `timedOut()` says which. (No AbortSignal.any: older phones.) */
function deadline(outer: AbortSignal | undefined, ms: number) {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, ms);
  const follow = () => ctl.abort();
  if (outer?.aborted) ctl.abort();
  else outer?.addEventListener('abort', follow, { once: true });
  return {
    signal: ctl.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}

export function callUrl(name: CallName, query?: Record<string, unknown>): string {
  const def = routeOf(name);
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
  const q = qs.toString();
  return `${servicePrefix(def.service)}${def.path}${q ? `?${q}` : ''}`;
}

/**
 * One call of the contract (docs/api.md): POST unless marked GET, JSON, credentials
 * included, `Authorization` = the token or empty. Rejects with a RequestError by the table in docs/api.md.
 */
export async function request<N extends CallName>(name: N, input: CallInput<N> = {}): Promise<ResponseOf<N>> {
  const def = routeOf(name);
  const limit = deadline(input.signal, input.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const timedOut = async () => notify(await localise(new RequestError(0, MSG_TIMED_OUT)), name, input);
  let res: Response;
  let body: unknown = undefined;
  try {
    try {
      res = await fetch(callUrl(name, input.query as Record<string, unknown> | undefined), {
        method: def.method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Authorization: getToken() },
        body: def.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
        signal: limit.signal,
      });
    } catch (e) {
      if (limit.timedOut()) throw await timedOut();
      if ((e as Error)?.name === 'AbortError') throw e;
      throw notify(await localise(new RequestError(0, MSG_NETWORK_FAILED)), name, input);
    }
    try {
      body = await res.json();
    } catch (e) {
      if (limit.timedOut()) throw await timedOut();
      // Cancelled while the body was arriving (React Query cancels a refetch it replaces): an abort, not a failure.
      if (input.signal?.aborted) throw e;
      body = undefined;
    }
  } finally {
    limit.done();
  }
  const err = classifyResponse(res.status, body);
  if (err) throw notify(await localise(err), name, input);
  const data = (body as { data?: ResponseOf<N> }).data as ResponseOf<N>;
  const copyAt = res.headers.get(OFFLINE_COPY_HEADER);
  if (copyAt && data && typeof data === 'object') copies.set(data, copyAt);
  return data;
}

function notify(err: RequestError, name: CallName, input: { skipErrorHandler?: boolean }) {
  notifyFailure(err, name, !!input.skipErrorHandler);
  return err;
}

import type { BodyOf, CallName, QueryOf, ResponseOf } from './contract';
import { RequestError, MSG_NETWORK_FAILED, classifyResponse, localise } from './request-error';
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
};

export { onRequestFailure } from './request-events';

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
  let res: Response;
  try {
    res = await fetch(callUrl(name, input.query as Record<string, unknown> | undefined), {
      method: def.method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Authorization: getToken() },
      body: def.method === 'POST' ? JSON.stringify(input.body ?? {}) : undefined,
      signal: input.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw notify(await localise(new RequestError(0, MSG_NETWORK_FAILED)), name, input);
  }
  let body: unknown = undefined;
  try {
    body = await res.json();
  } catch (e) {
    // Cancelled while the body was arriving (React Query cancels a refetch it replaces): an abort, not a failure.
    if (input.signal?.aborted) throw e;
    body = undefined;
  }
  const err = classifyResponse(res.status, body);
  if (err) throw notify(await localise(err), name, input);
  return (body as { data?: ResponseOf<N> }).data as ResponseOf<N>;
}

function notify(err: RequestError, name: CallName, input: { skipErrorHandler?: boolean }) {
  notifyFailure(err, name, !!input.skipErrorHandler);
  return err;
}

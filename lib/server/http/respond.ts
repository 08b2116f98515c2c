import 'server-only';
import { ErrorCode } from '@/lib/api/envelope';
import { msg } from '@/lib/i18n/server-messages';
import { databaseGate, RETRY_AFTER_S } from '../db/availability';
import { ApiError, fail, httpStatusOf } from '../errors';
import { recordFault } from '../fleet/faults';

export function json(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra },
  });
}

/**
 * A pre-serialised success envelope (see shared-answer.ts). When already gzipped, the encoding
 * travels in x-content-encoding (Next drops Content-Encoding; server/http-server.ts restores it) and
 * no-transform keeps Next from compressing it a second time.
 */
export function preparedJson(body: string | Uint8Array<ArrayBuffer>, gzip: boolean): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    vary: 'Accept-Encoding',
  };
  if (gzip) {
    headers['cache-control'] = 'no-store, no-transform';
    headers['x-content-encoding'] = 'gzip';
  }
  return new Response(body, { status: 200, headers });
}

/** The failure envelope: `msg` in English, and the message's key and parameters when it has them. */
export function failureBody(e: ApiError) {
  return {
    code: e.code,
    msg: e.message,
    ...(e.ref && { msgKey: e.ref.key, ...(e.ref.params && { msgParams: e.ref.params }) }),
    ...(e.data !== undefined && { data: e.data }),
  };
}

/** A 503 names when to try again, in the header as well as in `data` (docs/reliability.md). */
function retryHeaders(e: ApiError): Record<string, string> {
  const s = (e.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return e.code === ErrorCode.unavailable && typeof s === 'number' ? { 'retry-after': String(s) } : {};
}

/**
 * The envelope of a failure: an ApiError as it says; the database gone a 503 with Retry-After
 * (one fault line and count); anything else a logged 500 naming the request.
 */
export function errorResponse(e: unknown, requestId: string, name?: string): Response {
  if (e instanceof ApiError) return json(failureBody(e), httpStatusOf(e.code), retryHeaders(e));
  if (databaseGate().report(e)) {
    recordFault('database_unavailable', { id: requestId, call: name ?? null, error: e });
    const unavailable = databaseUnavailable();
    return json(failureBody(unavailable), 503, retryHeaders(unavailable));
  }
  console.error(`[${requestId}] ${name ?? 'request'} failed:`, e);
  return json(failureBody(new ApiError(ErrorCode.internal, msg('errors.internal', { requestId }))), 500);
}

/** What a call is told while the database is away. */
export const databaseUnavailable = () => fail.unavailable(msg('faults.databaseUnavailable'), RETRY_AFTER_S);

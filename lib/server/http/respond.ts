import 'server-only';
import { ErrorCode } from '@/lib/api/envelope';
import { ApiError, httpStatusOf } from '../errors';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * A pre-serialised success envelope (see shared-answer.ts). When already gzipped, the encoding
 * travels in x-content-encoding (Next drops Content-Encoding; scripts/server.mjs restores it) and
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

/** The envelope of a failure: an ApiError as it says, anything else a logged 500 naming the request. */
export function errorResponse(e: unknown, requestId: string, name?: string): Response {
  if (e instanceof ApiError) {
    const body =
      e.data === undefined ? { code: e.code, msg: e.message } : { code: e.code, msg: e.message, data: e.data };
    return json(body, httpStatusOf(e.code));
  }
  console.error(`[${requestId}] ${name ?? 'request'} failed:`, e);
  return json({ code: ErrorCode.internal, msg: `Something went wrong on our side (request ${requestId}).` }, 500);
}

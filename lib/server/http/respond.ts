import 'server-only';

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

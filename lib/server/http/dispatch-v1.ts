import 'server-only';
import { createHash } from 'node:crypto';
import { ErrorCode } from '@/lib/api/envelope';
import { noControlChars } from '@/lib/api/schemas/common';
import { v1Responses } from '@/lib/api/v1/responses';
import { V1_ERRORS, v1Csv, v1Queries, type V1Endpoint, type V1ErrorCode } from '@/lib/api/v1/endpoints';
import { type MessageRef, msg } from '@/lib/i18n/server-messages';
import { toCsv } from '@/lib/shared/csv';
import { todayUtc } from '@/lib/shared/dates';
import { getDb } from '../db/client';
import { v1Handlers } from '../endpoints/v1';
import type { V1Source } from '../endpoints/v1/types';
import { env } from '../env';
import { ApiError, englishOf } from '../errors';
import { authenticateApiKey, countApiCall } from '../services/api-keys/authenticate';
import { keyFromHeaders } from '../services/api-keys/key-format';
import { issueMessage } from './issue-message';
import { requestIdFrom } from './request-id';

const textOf = (m: string | MessageRef) => (typeof m === 'string' ? m : englishOf(m));

class V1Error extends Error {
  constructor(
    readonly code: V1ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function errorResponse(e: V1Error, requestId: string): Response {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  if (e.code === 'missing_key' || e.code === 'invalid_key') headers['www-authenticate'] = 'Bearer realm="data-api"';
  if (e.code === 'method_not_allowed') headers.allow = 'GET, HEAD';
  if (typeof e.extra.retryAfterSeconds === 'number') headers['retry-after'] = String(e.extra.retryAfterSeconds);
  return new Response(JSON.stringify({ error: { code: e.code, message: e.message, requestId, ...e.extra } }), {
    status: V1_ERRORS[e.code],
    headers,
  });
}

/** The portal's own errors (from the services the pages use) in the data API's stable shape. */
function fromApiError(e: ApiError): V1Error {
  switch (e.code) {
    case ErrorCode.invalid:
      return new V1Error('invalid_parameter', e.message);
    case ErrorCode.forbidden:
      return new V1Error('not_entitled', e.message, e.data === undefined ? {} : { unlock: e.data });
    case ErrorCode.notFound:
      return new V1Error('not_found', e.message);
    case ErrorCode.rateLimited:
      return new V1Error('rate_limited', e.message, {
        retryAfterSeconds: (e.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 60,
      });
    case ErrorCode.loginExpired:
      return new V1Error('invalid_key', e.message);
    default:
      return new V1Error('invalid_parameter', e.message);
  }
}

function citationOf(sources: V1Source[], url: string, day: string): string {
  const from = sources.length ? sources.map((s) => `${s.attribution} (${s.licence})`).join('; ') : 'No source';
  return `${from}. Via ${env().SITE_NAME}, ${url}, retrieved ${day}.`;
}

/** Header values are Latin-1: anything else is written as its percent-encoded UTF-8. */
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e]+/g, (m) => encodeURIComponent(m));

/**
 * The one entry for /api/v1/{endpoint} (docs/data-api.md): the key, the limits (each call counts,
 * bad ones too), the query, the same services as the pages, then JSON `{ data, meta }` or CSV
 * with the source, licence and citation in headers; an ETag on every answer (304 when it matches).
 */
export async function dispatchV1(req: Request, pathParts: string[]): Promise<Response> {
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  try {
    const name =
      pathParts.length === 1 && Object.hasOwn(v1Queries, pathParts[0] ?? '') ? (pathParts[0] as V1Endpoint) : null;
    if (!name) throw new V1Error('not_found', englishOf(msg('apiKeys.unknownEndpoint')));
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new V1Error('method_not_allowed', englishOf(msg('validation.method', { method: 'GET' })));
    const key = keyFromHeaders(req.headers);
    if (!key) throw new V1Error('missing_key', englishOf(msg('apiKeys.missing')));
    const db = await getDb();
    const now = new Date();
    const holder = await authenticateApiKey(db, key, now);
    if (!holder) throw new V1Error('invalid_key', englishOf(msg('apiKeys.invalid')));
    if (holder.allowance.callsPerDay === 0) throw new V1Error('no_api_access', englishOf(msg('apiKeys.notIncluded')));
    await countApiCall(db, holder, now);

    const url = new URL(req.url);
    const raw = Object.fromEntries(url.searchParams);
    const parsed = v1Queries[name].safeParse(raw);
    if (!parsed.success) throw new V1Error('invalid_parameter', textOf(issueMessage(parsed.error, 'query')));
    const clean = noControlChars.safeParse(parsed.data);
    if (!clean.success) throw new V1Error('invalid_parameter', textOf(issueMessage(clean.error, 'query')));
    const query = parsed.data as { format?: 'json' | 'csv' };

    const handler = v1Handlers[name] as (ctx: unknown) => ReturnType<(typeof v1Handlers)[V1Endpoint]>;
    const result = await handler({ db, viewer: holder.viewer, now, query: parsed.data });
    // Outside production every answer is checked against its documented shape (lib/api/v1/responses.ts).
    if (env().NODE_ENV !== 'production') v1Responses[name].parse(result.data);
    const publicUrl = env().SITE_URL + url.pathname + url.search;
    const day = todayUtc(now);
    const licence = [...new Set(result.sources.map((s) => s.licence))].join('; ');
    const citation = citationOf(result.sources, publicUrl, day);
    const csv = query.format === 'csv' && v1Csv[name] && result.table;
    const body = csv
      ? toCsv([result.table!.header, ...result.table!.rows], false)
      : JSON.stringify({
          data: result.data,
          meta: { sources: result.sources, licence, citation, retrieved: day, url: publicUrl },
        });
    // The ETag covers the data, not the day it was fetched: the same figures keep their tag.
    const etag = `"${createHash('sha256')
      .update(csv ? body : JSON.stringify({ data: result.data, sources: result.sources }))
      .digest('base64url')
      .slice(0, 32)}"`;
    const headers: Record<string, string> = {
      'content-type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      etag,
      'cache-control': 'private, no-cache',
      'x-data-licence': headerSafe(licence || 'none'),
      'x-citation': headerSafe(citation),
    };
    if (csv) headers['content-disposition'] = `attachment; filename="${name}.csv"`;
    const match = req.headers.get('if-none-match');
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
      return new Response(null, { status: 304, headers });
    return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers });
  } catch (e) {
    if (e instanceof V1Error) return errorResponse(e, requestId);
    if (e instanceof ApiError) return errorResponse(fromApiError(e), requestId);
    console.error(`[${requestId}] /api/v1 failed:`, e);
    return errorResponse(new V1Error('internal', englishOf(msg('errors.internal', { requestId }))), requestId);
  }
}
